/// Levels as people write them: `40%` or a fraction `0.4`, giving 0…1.
public enum LevelSyntax {
    public static let allowed = "a level as a percentage (1%…100%) or a fraction (0.01…1)"

    /// Parses a level in 0…1. `40%` → 0.4, `0.4` → 0.4, `1` → 1.0.
    /// Values above 1 without a `%` are read as percentages only when written `40%`:
    /// a bare `40` is an error rather than a silent 4000 %.
    public static func parse(_ text: String, range: ClosedRange<Double> = 0...1) throws(ValueError) -> Double {
        let t = text.trimmedASCII
        let value: Double?
        if t.hasSuffix("%") {
            value = DecimalSyntax.parse(String(t.dropLast())).map { $0 / 100 }
        } else {
            value = DecimalSyntax.parse(t)
        }
        guard let v = value, range.contains(v) else {
            throw ValueError(value: text, allowed: allowedText(range))
        }
        return v
    }

    static func allowedText(_ r: ClosedRange<Double>) -> String {
        if r == 0...1 { return "a level as a percentage (0%…100%) or a fraction (0…1)" }
        let lo = DecimalSyntax.format(r.lowerBound * 100, maxFractionDigits: 2)
        let hi = DecimalSyntax.format(r.upperBound * 100, maxFractionDigits: 2)
        return "a level as a percentage (\(lo)%…\(hi)%) or a fraction (\(DecimalSyntax.format(r.lowerBound, maxFractionDigits: 4))…\(DecimalSyntax.format(r.upperBound, maxFractionDigits: 4)))"
    }

    /// `0.4` → "40%".
    public static func format(_ level: Double) -> String {
        DecimalSyntax.format(level * 100, maxFractionDigits: 1) + "%"
    }
}

/// Frequencies: `100Hz`, `2kHz`, `1.25kHz`.
public enum FrequencySyntax {
    public static let allowed = "a frequency with a unit (10Hz, 2kHz)"

    /// Parses a positive frequency in hertz.
    public static func parse(_ text: String) throws(ValueError) -> Double {
        let t = text.trimmedASCII
        let lower = t.lowercased()
        var scale = 0.0
        var number = ""
        if lower.hasSuffix("khz") { scale = 1e3; number = String(t.dropLast(3)) }
        else if lower.hasSuffix("mhz") { scale = 1e6; number = String(t.dropLast(3)) }
        else if lower.hasSuffix("hz") { scale = 1; number = String(t.dropLast(2)) }
        guard scale > 0, let v = DecimalSyntax.parse(number) else {
            throw ValueError(value: text, allowed: allowed)
        }
        // The unit is there: a number out of range says so, not that a unit is missing.
        guard v > 0 else { throw ValueError(value: text, allowed: "a frequency above 0Hz") }
        return v * scale
    }

    /// 2000 → "2kHz", 100 → "100Hz".
    public static func format(_ hz: Double) -> String {
        hz >= 1000 ? DecimalSyntax.format(hz / 1000, maxFractionDigits: 3) + "kHz"
                   : DecimalSyntax.format(hz, maxFractionDigits: 3) + "Hz"
    }
}

/// On/off values: `on/off/yes/no/true/false/1/0`.
public enum BoolSyntax {
    public static let allowed = "on/off, yes/no, true/false or 1/0"

    public static func parse(_ text: String) throws(ValueError) -> Bool {
        switch text.trimmedASCII.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw ValueError(value: text, allowed: allowed)
        }
    }
}
