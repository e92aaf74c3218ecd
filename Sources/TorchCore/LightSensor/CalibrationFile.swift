/// The calibration file's text (`/var/lib/torch/calibration`, beside the state file): a
/// version line, then one `key=value` per line, one `point` per step of the sweep.
///
///     version=1
///     sensor=bh1750 iio:device0 in_illuminance
///     unit=lx
///     dark=0.83
///     noise=0.4
///     point=0.0005 1.21
///     …
///     point=1 412.5
///
/// A pure codec: `torch calibrate` writes it atomically, every output reads it at start
/// and reload. Lines starting with `#` and blank lines are skipped.
public enum CalibrationFile {
    public static let version = 1
    /// The largest file read: far more than `maximumPoints` lines need.
    public static let maximumBytes = 65536

    /// The file's text for `c`, ending in a newline.
    public static func encode(_ c: LightCalibration) -> String {
        var out = "version=\(version)\n"
        out += "# torch calibrate: this LED's light through a light sensor; torch calibrate --clear removes it\n"
        out += "sensor=\(shown(c.sensor, limit: 200))\nunit=\(shown(c.unit, limit: 16))\n"
        out += "dark=\(number(c.dark))\nnoise=\(number(c.noise))\n"
        for p in c.points { out += "point=\(number(p.duty)) \(number(p.reading))\n" }
        return out
    }

    /// Nine decimals: a duty to the nanosecond of a 1 s period, a reading far below any
    /// sensor's resolution.
    static func number(_ v: Double) -> String { DecimalSyntax.format(v, maxFractionDigits: 9) }

    /// The calibration in `text`, or a one-line reason with its line.
    public static func decode(_ text: String) throws(StateFileError) -> LightCalibration {
        guard text.utf8.count <= maximumBytes else {
            throw StateFileError(line: nil, reason: "larger than \(maximumBytes) bytes")
        }
        var lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first?.trimmedASCII, !first.isEmpty else { throw StateFileError(line: nil, reason: "empty file") }
        guard first == "version=\(version)" else {
            throw StateFileError(line: 1, reason: "expected 'version=\(version)', got '\(EchoedText.bounded(first))'")
        }
        var c = LightCalibration(sensor: "", unit: "", dark: .nan, noise: .nan, points: [])
        var seen: Set<String> = []
        for (i, raw) in lines.enumerated().dropFirst() {
            let line = raw.trimmedASCII
            let n = i + 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                throw StateFileError(line: n, reason: "expected key=value, got '\(EchoedText.bounded(line))'")
            }
            let key = String(line[..<eq]).trimmedASCII
            let value = String(line[line.index(after: eq)...]).trimmedASCII
            if key != "point" {
                guard !seen.contains(key) else { throw StateFileError(line: n, reason: "'\(EchoedText.bounded(key))' is set twice") }
                seen.insert(key)
            }
            switch key {
            case "sensor": c.sensor = try printable(value, line: n, what: "sensor", limit: 200)
            case "unit": c.unit = try printable(value, line: n, what: "unit", limit: 16)
            case "dark": c.dark = try number(value, line: n, what: "dark")
            case "noise": c.noise = try number(value, line: n, what: "noise")
            case "point":
                guard c.points.count < LightCalibration.maximumPoints else {
                    throw StateFileError(line: n, reason: "more than \(LightCalibration.maximumPoints) points")
                }
                let parts = value.split(separator: " ", omittingEmptySubsequences: true)
                guard parts.count == 2 else {
                    throw StateFileError(line: n, reason: "point '\(EchoedText.bounded(value))': expected a duty and a reading, e.g. point=0.5 120.25")
                }
                c.points.append(.init(duty: try number(String(parts[0]), line: n, what: "a point's duty"),
                                      reading: try number(String(parts[1]), line: n, what: "a point's reading")))
            default:
                throw StateFileError(line: n, reason: "unknown key '\(EchoedText.bounded(key))' (expected sensor, unit, dark, noise or point)")
            }
        }
        for key in ["sensor", "unit", "dark", "noise"] where !seen.contains(key) {
            throw StateFileError(line: nil, reason: "no \(key) line")
        }
        if let problem = c.problem { throw StateFileError(line: nil, reason: problem) }
        return c
    }

    /// Text as a line keeps it: control characters (a device name is the kernel's, read
    /// from sysfs) become `?`, and it is cut to `limit` bytes on a character's edge.
    static func shown(_ s: String, limit: Int) -> String {
        var out = ""
        for u in s.unicodeScalars {
            let c = u.value < 0x20 || u.value == 0x7F || (0x80..<0xA0).contains(u.value) ? "?" : String(u)
            if out.utf8.count + c.utf8.count > limit { break }
            out += c
        }
        return out.trimmedASCII.isEmpty ? "?" : out.trimmedASCII
    }

    static func number(_ v: String, line: Int, what: String) throws(StateFileError) -> Double {
        guard v.utf8.count <= 40, let x = DecimalSyntax.parse(v), x.isFinite else {
            throw StateFileError(line: line, reason: "\(what) '\(EchoedText.bounded(v))' is not a decimal number")
        }
        return x
    }

    static func printable(_ v: String, line: Int, what: String, limit: Int) throws(StateFileError) -> String {
        guard !v.isEmpty, v.utf8.count <= limit, v.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) }) else {
            throw StateFileError(line: line, reason: "\(what) '\(EchoedText.bounded(v))': expected 1 to \(limit) bytes of printable text")
        }
        return v
    }
}
