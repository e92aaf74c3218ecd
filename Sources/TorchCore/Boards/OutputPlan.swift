/// Which output `auto` would drive the light with, and why, in one line.
public struct OutputPlan: Equatable, Sendable {
    public var backend: Backend
    /// One line: what was chosen and why.
    public var reason: String
    /// For `.pwm`: the controller and channel.
    public var pwmChip: DetectedPWMChip?
    public var pwmChannel: Int?
    /// For `.gpiod`: the chip (as gpioset names it) and the line (offset or name).
    public var gpioChip: String?
    public var line: String?
    /// When the pin could have hardware PWM but the channel is missing: what enables it
    /// (e.g. `dtoverlay=pwm,pin=18,func=2`).
    public var enableHint: String?

    public init(backend: Backend, reason: String, pwmChip: DetectedPWMChip? = nil, pwmChannel: Int? = nil,
                gpioChip: String? = nil, line: String? = nil, enableHint: String? = nil) {
        self.backend = backend
        self.reason = reason
        self.pwmChip = pwmChip
        self.pwmChannel = pwmChannel
        self.gpioChip = gpioChip
        self.line = line
        self.enableHint = enableHint
    }
}

/// The `auto` backend rule: hardware PWM when the board says the pin has a channel and
/// that channel exists here; else a libgpiod line; else (no GPIO chip) the simulated LED.
public enum OutputPlanner {
    /// Decides for the `[output]` settings on a machine with these PWM controllers and
    /// GPIO chip labels. `board` is the detected or configured profile, nil when unknown.
    public static func plan(output: TorchConfig.Output, board: BoardProfile?,
                            pwmChips: [DetectedPWMChip], gpioChipLabels: [String]) -> OutputPlan {
        var notes: [String] = []
        if let spec = output.pwmChip {
            let channel = output.pwmChannel ?? 0
            if let chip = find(spec, in: pwmChips), channel < chip.channelCount {
                return OutputPlan(backend: .pwm, pwmChip: chip, channel: channel,
                                  why: "[output] pwm-chip \(spec) channel \(channel)")
            }
            notes.append("[output] pwm-chip \(spec) channel \(channel) is not on this machine")
        }
        guard let lineSpec = output.line else {
            let suggestion = board.flatMap { b in b.ledPin.flatMap(b.headerPin) }
                .map { p in "; set [output] line = \(p.line?.name ?? p.pin) (\(p.label), the board's suggested LED pin)" } ?? ""
            let why = gpioChipLabels.isEmpty ? "this machine has no GPIO chip (/dev/gpiochip*)" : "no [output] line is set\(suggestion)"
            return OutputPlan(backend: .sim, reason: "simulated LED: " + joined(why, notes))
        }
        let boardChip = board.flatMap { b in output.chip.flatMap { c in b.header.contains { $0.line?.chip == c } ? c : nil } }
        let pin = board?.pin(for: lineSpec, chip: boardChip)
        var hint: String? = nil
        if let board, let pin, let pwm = board.pwm.first(where: { $0.pin == pin.pin }) {
            let place = "\(pin.label) has \(pwm.device) channel \(pwm.channel)"
            if let chip = pwmChips.first(where: { $0.device == pwm.device }) {
                if pwm.channel < chip.channelCount {
                    return OutputPlan(backend: .pwm, pwmChip: chip, channel: pwm.channel,
                                      why: "\(place) (\(chip.name)/pwm\(pwm.channel))")
                }
                notes.append("\(place), but \(chip.name) has only \(chip.channelCount) channel(s)")
            } else {
                notes.append("\(place), which is not enabled")
            }
            hint = pwm.enable
            notes.append("for hardware PWM: \(enableText(pwm.enable))")
        } else if board != nil, pin == nil {
            notes.append("'\(lineSpec)' is not a header pin of \(board?.name ?? "this board")")
        }
        guard !gpioChipLabels.isEmpty else {
            return OutputPlan(backend: .sim, reason: joined("simulated LED: this machine has no GPIO chip (/dev/gpiochip*)", notes),
                              enableHint: hint)
        }
        let chip = output.chip ?? pin?.line?.chip ?? board?.gpioChip ?? "gpiochip0"
        let line = pin?.line.map { String($0.offset) } ?? lineSpec
        let lineText = pin.map { "\($0.label)" } ?? "line \(lineSpec)"
        let looksLikeLabel = !(chip.hasPrefix("/") || chip.hasPrefix("gpiochip") || chip.allSatisfy(\.isNumber))
        if looksLikeLabel, !gpioChipLabels.contains(chip) {
            notes.append("no chip labelled '\(chip)' here (chips: \(gpioChipLabels.joined(separator: ", ")))")
        }
        return OutputPlan(backend: .gpiod,
                          reason: joined("libgpiod: \(lineText) on \(chip), software PWM at \(formatHz(output.softPWMFrequency))", notes),
                          gpioChip: chip, line: line, enableHint: hint)
    }

    /// How to apply an enable line: config.txt lines say where they go.
    public static func enableText(_ enable: String) -> String {
        enable.hasPrefix("dtoverlay=") ? "add '\(enable)' to /boot/firmware/config.txt and reboot" : "run/set '\(enable)'"
    }

    /// A controller by device name, sysfs name or /sys/class/pwm path.
    static func find(_ spec: String, in chips: [DetectedPWMChip]) -> DetectedPWMChip? {
        let name = spec.split(separator: "/").last.map(String.init) ?? spec
        return chips.first { $0.device == spec || $0.name == name }
    }

    static func joined(_ head: String, _ notes: [String]) -> String {
        notes.isEmpty ? head : head + " (" + notes.joined(separator: "; ") + ")"
    }

    static func formatHz(_ hz: Double) -> String {
        // Checked: a huge or negative frequency from a file must not trap the conversion.
        hz.magnitude < 1e15 ? Int64(exactly: hz).map { "\($0) Hz" } ?? "\(hz) Hz" : "\(hz) Hz"
    }
}

extension OutputPlan {
    fileprivate init(backend: Backend, pwmChip: DetectedPWMChip, channel: Int, why: String) {
        self.init(backend: backend, reason: "hardware PWM: \(why)", pwmChip: pwmChip, pwmChannel: channel)
    }
}
