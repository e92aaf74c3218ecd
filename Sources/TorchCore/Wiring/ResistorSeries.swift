/// The IEC 60063 preferred resistor values (E12: 10 % tolerance steps, E24: 5 %), and
/// the smallest one at or above a computed resistance, so the current never ends up
/// above the one asked for.
public enum ResistorSeries: String, CaseIterable, Sendable {
    case e12, e24

    /// One decade of the series, from 10 to 91.
    public var decade: [Int] {
        switch self {
        case .e12: [10, 12, 15, 18, 22, 27, 33, 39, 47, 56, 68, 82]
        case .e24: [10, 11, 12, 13, 15, 16, 18, 20, 22, 24, 27, 30, 33, 36, 39, 43, 47, 51, 56, 62, 68, 75, 82, 91]
        }
    }

    public var name: String { rawValue.uppercased() }

    /// The smallest value of the series at or above `ohms` (from 1 Ω to 91 MΩ); nil
    /// above that. A value within a part per billion of a series value is that value
    /// (1.3 V / 10 mA is 129.99999999999997 in floating point: 130 Ω).
    public func atOrAbove(_ ohms: Double) -> Double? {
        guard ohms.isFinite else { return nil }
        var scale = 0.1
        for _ in 0..<8 {
            for v in decade {
                let value = (Double(v) * scale * 10).rounded() / 10
                if value >= ohms * (1 - 1e-9) { return value }
            }
            scale *= 10
        }
        return nil
    }
}

/// "130 Ω", "1.5 kΩ", "4.7 Ω", "2.2 MΩ".
public enum OhmsSyntax {
    public static func format(_ ohms: Double) -> String {
        if ohms >= 1_000_000 { return DecimalSyntax.format(ohms / 1_000_000, maxFractionDigits: 2) + " MΩ" }
        if ohms >= 1000 { return DecimalSyntax.format(ohms / 1000, maxFractionDigits: 2) + " kΩ" }
        return DecimalSyntax.format(ohms, maxFractionDigits: 1) + " Ω"
    }
}
