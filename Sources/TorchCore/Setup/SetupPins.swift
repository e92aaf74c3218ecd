/// The header's GPIO pins as `torch setup` shows them: by physical pin, what each can do
/// for an LED (hardware PWM now, with an overlay, or software PWM) and whether it is free.
public struct SetupPin: Equatable, Sendable {
    public var pin: HeaderPin
    public var line: BoardLine
    public var pwm: PWMReach
    /// Who holds the line now (its consumer, or "in use" without one); nil when free.
    public var takenBy: String?

    /// How hardware PWM reaches the pin.
    public enum PWMReach: Equatable, Sendable {
        /// Its channel is there now: `[output] line` drives it by sysfs PWM.
        case enabled(chip: String, channel: Int)
        /// It has a channel once this config.txt line is in place (and the board rebooted).
        case withOverlay(String)
        /// No channel; on a Pi 5 RP1's PIO can be one (`dtoverlay=pwm-pio,gpio=N`).
        case pio(String)
        /// None: software PWM on the line.
        case none
    }

    public var isFree: Bool { takenBy == nil }

    /// "hardware PWM (pwmchip0 channel 0)", "hardware PWM with dtoverlay=pwm,pin=18,func=2", ….
    public var pwmText: String {
        switch pwm {
        case let .enabled(chip, channel): "hardware PWM (\(chip) channel \(channel))"
        case let .withOverlay(line): "hardware PWM with \(line)"
        case let .pio(line): "PWM by RP1's PIO with \(line)"
        case .none: "software PWM"
        }
    }

    /// The config.txt line this pin's PWM needs; nil when none is needed or possible.
    public var overlayLine: String? {
        switch pwm {
        case let .withOverlay(line) where line.hasPrefix("dtoverlay="), let .pio(line): line
        default: nil
        }
    }
}

public enum SetupPins {
    /// Every header pin with a GPIO line on `board`, in the header's order. `taken` maps
    /// a line offset on the board's header chip to its holder's label ("" when unlabelled).
    public static func rows(board: BoardProfile, pwmChips: [DetectedPWMChip], taken: [Int: String]) -> [SetupPin] {
        board.header.compactMap { pin in
            guard let line = pin.line else { return nil }
            var reach = SetupPin.PWMReach.none
            if let channel = board.pwm.first(where: { $0.pin == pin.pin }) {
                if let chip = pwmChips.first(where: { $0.device == channel.device }), channel.channel < chip.channelCount {
                    reach = .enabled(chip: chip.name, channel: channel.channel)
                } else {
                    reach = .withOverlay(channel.enable)
                }
            } else if board.gpioChip == OutputPlanner.pioPWMChip, line.chip == board.gpioChip,
                      OutputPlanner.pioPWMLines.contains(line.offset) {
                reach = .pio("dtoverlay=pwm-pio,gpio=\(line.offset)")
            }
            let holder = line.chip == board.gpioChip ? taken[line.offset] : nil
            return SetupPin(pin: pin, line: line, pwm: reach, takenBy: holder.map { $0.isEmpty ? "in use" : $0 })
        }
    }

    /// The LED pin to offer: the board's suggested LED pin when free, else the first free
    /// pin with hardware PWM now, then with an overlay, then any free pin.
    public static func suggestedLED(_ rows: [SetupPin], board: BoardProfile) -> SetupPin? {
        let free = rows.filter(\.isFree)
        if let p = board.ledPin, let row = free.first(where: { $0.pin.pin == p }) { return row }
        if let row = free.first(where: { if case .enabled = $0.pwm { true } else { false } }) { return row }
        if let row = free.first(where: { if case .withOverlay = $0.pwm { true } else { false } }) { return row }
        return free.first
    }

    /// The pin a spec names (`GPIO18`, `pin12`, `18`), among `rows`.
    public static func find(_ spec: String, in rows: [SetupPin], board: BoardProfile) -> SetupPin? {
        guard let pin = board.pin(for: spec) else { return nil }
        return rows.first { $0.pin.pin == pin.pin }
    }

    /// The table `torch setup` prints: `pin 12  GPIO18  hardware PWM …  free`.
    public static func table(_ rows: [SetupPin]) -> String {
        let pinWidth = (rows.map { "pin \($0.pin.pin)".count }.max() ?? 6) + 2
        let nameWidth = (rows.map(\.line.name.count).max() ?? 6) + 2
        let pwmWidth = (rows.map(\.pwmText.count).max() ?? 12) + 2
        return rows.map { r in
            let place = r.pin.pin.first?.isNumber == true ? "pin \(r.pin.pin)" : r.pin.pin
            return "  " + pad(place, pinWidth) + pad(r.line.name, nameWidth) + pad(r.pwmText, pwmWidth)
                + (r.takenBy.map { "taken by \($0)" } ?? "free")
        }.joined(separator: "\n") + "\n"
    }

    private static func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
}
