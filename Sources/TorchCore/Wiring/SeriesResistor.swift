/// The series resistor for an LED on a supply: R = (supply − Vf) / I, then the next
/// preferred value at or above, and what that value really gives (current, the
/// resistor's and the LED's power).
public struct SeriesResistor: Equatable, Sendable {
    /// The supply in volts (a GPIO pin's high level: 3.3 V on a Raspberry Pi).
    public var supply: Double
    /// The LED's forward voltage in volts (red ≈ 2.0 V, green/blue/white ≈ 3.0 V).
    public var forwardVoltage: Double
    /// The current asked for, in amperes.
    public var current: Double

    public init(supply: Double, forwardVoltage: Double, current: Double) {
        self.supply = supply
        self.forwardVoltage = forwardVoltage
        self.current = current
    }

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The supply is not above the forward voltage: no resistor can make it light.
        case noHeadroom(supply: Double, forwardVoltage: Double)
        /// The resistance is beyond the series (above 91 MΩ).
        case outOfRange(ohms: Double)

        public var description: String {
            switch self {
            case let .noHeadroom(s, vf):
                "--supply \(VoltsText.format(s)) is not above --vf \(VoltsText.format(vf)): the LED cannot light from it; use a higher supply through a MOSFET (wiring/led-mosfet.svg)"
            case let .outOfRange(r):
                "the resistor would be \(OhmsSyntax.format(r)): beyond the preferred values (up to 91 MΩ)"
            }
        }
    }

    /// One chosen resistor and what it gives.
    public struct Choice: Equatable, Sendable {
        public var series: ResistorSeries
        /// The preferred value, in ohms.
        public var ohms: Double
        /// The current through it, in amperes.
        public var current: Double
        /// The power in the resistor, in watts.
        public var resistorPower: Double
        /// The power in the LED, in watts.
        public var ledPower: Double
    }

    /// The exact resistance for the current asked for, in ohms.
    public var exactOhms: Double { (supply - forwardVoltage) / current }

    /// The preferred value at or above `exactOhms` in `series`.
    public func choose(_ series: ResistorSeries) throws(Problem) -> Choice {
        let headroom = supply - forwardVoltage
        guard headroom > 0 else { throw .noHeadroom(supply: supply, forwardVoltage: forwardVoltage) }
        guard let r = series.atOrAbove(exactOhms) else { throw .outOfRange(ohms: exactOhms) }
        let i = headroom / r
        return Choice(series: series, ohms: r, current: i, resistorPower: i * i * r, ledPower: forwardVoltage * i)
    }
}

/// "3.3 V", "2 V".
public enum VoltsText {
    public static func format(_ v: Double) -> String { DecimalSyntax.format(v, maxFractionDigits: 2) + " V" }
}

/// "10 mA", "8.7 mA", "1.2 A"; "13 mW", "1.3 W".
public enum ElectricalText {
    public static func current(_ a: Double) -> String {
        a >= 1 ? DecimalSyntax.format(a, maxFractionDigits: 2) + " A" : DecimalSyntax.format(a * 1000, maxFractionDigits: 1) + " mA"
    }

    public static func power(_ w: Double) -> String {
        w >= 1 ? DecimalSyntax.format(w, maxFractionDigits: 2) + " W" : DecimalSyntax.format(w * 1000, maxFractionDigits: 0) + " mW"
    }
}
