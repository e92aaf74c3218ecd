/// The Prometheus text exposition format (version 0.0.4), written out: `# HELP` and
/// `# TYPE` once per family, then its samples, `\n` line ends. What `GET /metrics`
/// serves and `promtool check metrics` reads.
public enum MetricText {
    /// The Content-Type of the format.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The families as one exposition. A family whose `problem` is not nil is left out
    /// and named in a comment line instead (a bug of torch's, shown where it is read).
    public static func render(_ families: [MetricFamily]) -> String {
        var out = ""
        var seen: Set<String> = []
        for f in families {
            if let p = f.problem ?? (seen.contains(f.name) ? "metric '\(f.name)' appears twice" : nil) {
                out += "# torch: left out: \(escapeHelp(p))\n"
                continue
            }
            seen.insert(f.name)
            out += "# HELP \(f.name) \(escapeHelp(f.help))\n"
            out += "# TYPE \(f.name) \(f.kind.rawValue)\n"
            for s in f.samples {
                out += f.name + s.suffix
                if !s.labels.isEmpty {
                    out += "{" + s.labels.map { "\($0.name)=\"\(escapeLabel($0.value))\"" }.joined(separator: ",") + "}"
                }
                out += " " + number(s.value) + "\n"
            }
        }
        return out
    }

    /// A sample value as the format writes it: whole numbers without a fraction,
    /// `+Inf`, `-Inf`, `NaN`, otherwise the shortest text that reads back exactly.
    public static func number(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v > 0 ? "+Inf" : "-Inf" }
        if v == v.rounded(), v.magnitude < 9.0e15, let i = Int64(exactly: v) { return String(i) }
        return "\(v)"
    }

    /// `\` and line feeds escaped (HELP text).
    static func escapeHelp(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\\\"
            case "\n", "\r\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }

    /// `\`, `"` and line feeds escaped (label values).
    static func escapeLabel(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n", "\r\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }

    /// `[a-zA-Z_:][a-zA-Z0-9_:]*`
    public static func isValidName(_ s: String) -> Bool {
        guard let first = s.utf8.first, isLetter(first) || first == 0x5F || first == 0x3A else { return false }
        return s.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == 0x5F || $0 == 0x3A }
    }

    /// `[a-zA-Z_][a-zA-Z0-9_]*`, not starting with `__` (reserved for Prometheus).
    public static func isValidLabelName(_ s: String) -> Bool {
        guard let first = s.utf8.first, isLetter(first) || first == 0x5F, !s.hasPrefix("__") else { return false }
        return s.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == 0x5F }
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
