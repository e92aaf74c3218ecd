/// Voltages and currents as `torch wiring` takes them: always with a unit.
public enum VoltageSyntax {
    public static let allowed = "a voltage from 0.1V to 60V with a unit (3.3V, 2.0V, 1800mV)"

    /// Parses a voltage in volts (0.1 V … 60 V).
    public static func parse(_ text: String) throws(ValueError) -> Double {
        let t = text.trimmedASCII
        let lower = t.lowercased()
        var volts: Double?
        if lower.hasSuffix("mv") { volts = DecimalSyntax.parse(String(t.dropLast(2))).map { $0 / 1000 } }
        else if lower.hasSuffix("v") { volts = DecimalSyntax.parse(String(t.dropLast(1))) }
        guard let v = volts, v.isFinite, v >= 0.1, v <= 60 else { throw ValueError(value: text, allowed: allowed) }
        return v
    }
}

public enum CurrentSyntax {
    public static let allowed = "a current from 0.1mA to 10A with a unit (10mA, 0.5A, 500uA)"

    /// Parses a current in amperes (0.1 mA … 10 A).
    public static func parse(_ text: String) throws(ValueError) -> Double {
        let t = text.trimmedASCII
        let lower = t.lowercased()
        var amps: Double?
        if lower.hasSuffix("ma") { amps = DecimalSyntax.parse(String(t.dropLast(2))).map { $0 / 1000 } }
        else if lower.hasSuffix("ua") || lower.hasSuffix("µa") { amps = DecimalSyntax.parse(String(t.dropLast(2))).map { $0 / 1_000_000 } }
        else if lower.hasSuffix("a") { amps = DecimalSyntax.parse(String(t.dropLast(1))) }
        guard let a = amps, a.isFinite, a >= 0.000_1 * (1 - 1e-9), a <= 10 else { throw ValueError(value: text, allowed: allowed) }
        return a
    }
}
