/// `torch wiring`: the circuit for a board and its pins as text, with physical pin
/// numbers, the nearest ground for each part, and the LED's series resistor.
public struct WiringPlan: Sendable {
    /// The pins the user named (a line name, offset, or `pinN`); nil takes the board's
    /// suggested pin (for the LED and ON button) or leaves the part out.
    public struct Pins: Sendable {
        public var led: String?
        public var ledActiveLow = false
        public var button: String?
        public var offButton: String?
        public var feedback: String?

        public init(led: String? = nil, ledActiveLow: Bool = false, button: String? = nil,
                    offButton: String? = nil, feedback: String? = nil) {
            self.led = led
            self.ledActiveLow = ledActiveLow
            self.button = button
            self.offButton = offButton
            self.feedback = feedback
        }
    }

    /// A pin that is not on the board, or not a GPIO line: names the option's value.
    public struct PinError: Error, Equatable, Sendable, CustomStringConvertible {
        public var role: String
        public var value: String
        public var board: String
        public var suggestion: String?

        public var description: String {
            "\(role) '\(value)': not a GPIO line on \(board)" + (suggestion.map { " (did you mean \($0)?)" } ?? "")
                + "; 'torch boards' lists the header"
        }
    }

    public var board: BoardProfile
    public var resistor: SeriesResistor
    /// The series the resistor is chosen from first (E24: see `WiringPlan.text`).
    public var series: ResistorSeries

    public init(board: BoardProfile, resistor: SeriesResistor, series: ResistorSeries = .e24) {
        self.board = board
        self.resistor = resistor
        self.series = series
    }

    /// The whole text, or the first pin or resistor problem.
    ///
    /// The resistor is the smallest E24 value at or above (V_supply − Vf) / I, so the
    /// current is never above the one asked for: E24 holds every E12 value plus the
    /// ones between, so it lands within 10 % of the exact value where E12 may be 20 %
    /// off; the E12 choice follows for a parts box that has only those.
    public func text(_ pins: Pins) throws -> [String] {
        let led = try resolve("LED", pins.led ?? board.ledPin.map { "pin\($0)" })
        let button = try resolve("ON button", pins.button ?? board.buttonPin.map { "pin\($0)" })
        let off = try resolve("OFF button", pins.offButton)
        let feedback = try resolve("feedback", pins.feedback)
        let primary = try resistor.choose(series)
        // The E12 choice only when it differs (E24 holds every E12 value).
        let other = series == .e24 ? (try? resistor.choose(.e12)).flatMap { $0.ohms == primary.ohms ? nil : $0 } : nil
        let r = OhmsSyntax.format(primary.ohms)

        var out = ["\(board.name) (\(board.id)): physical header pins; GND is ground, 3V3 the 3.3 V supply.", ""]
        if let led {
            if pins.ledActiveLow {
                let supply = board.header.first { if case .other("3V3") = $0.use { true } else { false } }
                out.append(row("LED", "\(supply?.label ?? "3V3") ── \(r) ──▶|── \(led.label)"))
                out.append(row("", "active low: the pin sinks the current, lit when driven low (active-low = yes)"))
            } else {
                out.append(row("LED", "\(led.label) ── \(r) ──▶|── \(ground(led))"))
                out.append(row("", "anode (long leg) to the resistor, cathode (short leg, flat side) to ground"))
            }
            if let pwm = board.pwm.first(where: { $0.pin == led.pin }) {
                out.append(row("", "hardware PWM: \(pwm.device) channel \(pwm.channel), enabled by \(pwm.enable)"))
            } else {
                out.append(row("", "no hardware PWM on this pin: dimmed by software PWM"))
            }
        }
        if let button {
            out.append(row("ON button", "\(button.label) ── button ── \(ground(button))"))
            out.append(row("", "normally open, to ground; the internal pull-up holds it high (bias = pull-up, active-low = yes)"))
        }
        if let off { out.append(row("OFF button", "\(off.label) ── button ── \(ground(off))")) }
        if let feedback { out.append(row("feedback", "\(feedback.label) ── (+) active buzzer or indicator (−) ── \(ground(feedback))")) }
        out.append("")
        out.append("Series resistor for the LED: (\(VoltsText.format(resistor.supply)) − \(VoltsText.format(resistor.forwardVoltage))) / "
                   + "\(ElectricalText.current(resistor.current)) = \(OhmsSyntax.format(resistor.exactOhms))")
        for c in [primary] + (other.map { [$0] } ?? []) {
            out.append("  \(c.series.name) \(OhmsSyntax.format(c.ohms)): \(ElectricalText.current(c.current)), "
                       + "\(ElectricalText.power(c.resistorPower)) in the resistor, \(ElectricalText.power(c.ledPower)) in the LED")
        }
        if let limit = GPIOCurrentLimit.of(board) {
            out.append("GPIO limits: \(ElectricalText.current(limit.perPin)) per pin, about \(ElectricalText.current(limit.total)) "
                       + "from all pins together (default drive \(ElectricalText.current(limit.defaultDrive)))")
            if primary.current > limit.perPin * (1 + 1e-9) {
                out.append("warning: \(ElectricalText.current(primary.current)) is above the pin's \(ElectricalText.current(limit.perPin)) limit: "
                           + "switch the LED with a MOSFET or a driver (wiring/led-mosfet.svg, wiring/led-driver.svg)")
            } else if primary.current > limit.defaultDrive * (1 + 1e-9) {
                out.append("note: above the default \(ElectricalText.current(limit.defaultDrive)) drive the pin's high level sags; fine for an LED")
            }
        } else {
            out.append("GPIO limits: not in this board's profile; check the SoC's datasheet before drawing more than a few mA from a pin")
        }
        return out
    }

    private func resolve(_ role: String, _ spec: String?) throws(PinError) -> HeaderPin? {
        guard let spec else { return nil }
        guard let p = board.pin(for: spec), p.line != nil else {
            throw PinError(role: role, value: spec, board: board.name, suggestion: board.pinSuggestion(for: spec))
        }
        return p
    }

    private func ground(_ pin: HeaderPin) -> String { board.nearestGround(to: pin.pin)?.label ?? "GND" }

    private func row(_ role: String, _ text: String) -> String {
        var r = role
        while r.count < 12 { r += " " }
        return r + text
    }
}
