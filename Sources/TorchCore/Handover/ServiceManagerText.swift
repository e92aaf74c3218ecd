/// What torch reads from `systemctl` (the service manager's own client, present wherever
/// the unit runs) to decide whether a restart follows (`LightAtStop`): the unit's job in
/// `systemctl list-jobs --no-legend UNIT`, and `KEY=value` lines of `systemctl show`.
/// A pure reader of another program's text: whatever it is given, it answers.
public enum ServiceManagerText {
    /// The job of `unit` in list-jobs' table (JOB UNIT TYPE STATE, one job per line):
    /// `.none` when the unit has none.
    public static func job(inListJobs text: String, unit: String) -> ServiceJob {
        for line in text.split(whereSeparator: { $0 == "\n" }) {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.count >= 4, fields[1] == unit { return ServiceJob(type: String(fields[2])) }
        }
        return .none
    }

    /// `systemctl show`'s `KEY=value` lines (the first of a repeated key).
    public static func properties(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for line in text.split(whereSeparator: { $0 == "\n" }) {
            guard let eq = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<eq])
            if out[key] == nil { out[key] = String(line[line.index(after: eq)...]) }
        }
        return out
    }

    /// A timespan as systemctl prints one (`10s`, `1min 30s`, `500ms`, `1.500s`,
    /// `infinity`, `0`); nil when it is none. `infinity` is the longest duration.
    public static func timespan(_ text: String) -> Duration? {
        let t = text.trimmedASCII
        if t == "infinity" { return .nanoseconds(Int64.max) }
        if t == "0" { return .zero }
        var total: Int64 = 0
        var any = false
        for word in t.split(separator: " ") {
            guard let ns = timespanWord(String(word)) else { return nil }
            let (sum, overflow) = total.addingReportingOverflow(ns)
            total = overflow ? Int64.max : sum
            any = true
        }
        return any ? .nanoseconds(total) : nil
    }

    /// The units of systemd's `format_timespan`, longest name first.
    private static let units: [(name: String, nanoseconds: Double)] = [
        ("min", 60e9), ("ms", 1e6), ("us", 1e3), ("µs", 1e3), ("ns", 1), ("y", 31_557_600e9),
        ("M", 2_629_800e9), ("w", 604_800e9), ("d", 86_400e9), ("h", 3_600e9), ("s", 1e9),
    ]

    private static func timespanWord(_ word: String) -> Int64? {
        for (name, scale) in units where word.hasSuffix(name) {
            let number = word.dropLast(name.count)
            guard !number.isEmpty, number.allSatisfy({ $0 == "." || ("0"..."9").contains($0) }),
                  let v = DecimalSyntax.parse(String(number)) else { return nil }
            let ns = (v * scale).rounded()
            return ns < 9.2e18 ? Int64(ns) : Int64.max
        }
        return nil
    }

    /// A whole number of microseconds (`…TimestampMonotonic=`), as a duration since
    /// boot; nil when it is none or 0 (systemd's "not set").
    public static func monotonicMicroseconds(_ text: String?) -> Duration? {
        guard let text, let us = Int64(text.trimmedASCII), us > 0, us < Int64.max / 1000 else { return nil }
        return .microseconds(us)
    }

    /// The service unit a process runs in, from `/proc/self/cgroup` (`0::/system.slice/
    /// torch.service`, or a control process's `…/torch.service/control`): the last path
    /// component that names a `.service`; nil outside one.
    public static func unit(fromCgroup text: String) -> String? {
        for line in text.split(whereSeparator: { $0 == "\n" }) {
            guard line.hasPrefix("0::") else { continue }
            let unit = line.dropFirst(3).split(separator: "/").last { $0.hasSuffix(".service") && $0.count > ".service".count }
            return unit.map(String.init)
        }
        return nil
    }
}
