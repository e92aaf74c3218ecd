import TorchCore
import TorchHardware

/// Picks and opens the output, and says which and why in one line.
enum BackendChoice {
    /// The simulated LED keeps only a short history here: the trace ring records changes.
    static let simulatedHistory = 256

    /// `initiallyLit`: a GPIO line is requested driving its lit level from the start
    /// (the service's lit start, taking over from the firmware's power-on light).
    /// `takingOver`: what the service's last process left (a restart): the line or
    /// channel it names is taken over as it is.
    static func open(requested: BackendRequest?, config: TorchConfig, initiallyLit: Bool = false,
                     takingOver: TakeOver? = nil) throws(HardwareError) -> (output: any LightOutput, reason: String) {
        switch requested ?? config.output.backend {
        case .fixed(.sim):
            // Needs no plan: a bad [board] name must not stop the simulated LED.
            return (simulated(), "backend: simulated LED (chosen with --backend sim or [output] backend)"
                    + unusedPins(config))
        case .auto:
            let plan = try outputPlan(config)
            switch plan.backend {
            case .sim: return (simulated(), "backend: " + plan.reason)
            case .gpiod:
                let line = try gpioLine(config, plan: plan, initiallyLit: initiallyLit, takingOver: takingOver)
                return (line, "backend: \(line.summary) (auto: \(plan.reason))")
            case .pwm:
                let pwm = try pwmOutput(config, plan: plan, takingOver: takingOver)
                return (pwm, "backend: \(pwm.summary) (auto: \(plan.reason))")
            }
        case .fixed(.gpiod):
            let line = try gpioLine(config, plan: try outputPlan(config), initiallyLit: initiallyLit, takingOver: takingOver)
            return (line, "backend: \(line.summary)")
        case .fixed(.pwm):
            let plan = try outputPlan(config)
            guard plan.backend == .pwm else { throw pwmUnavailable(config, plan: plan) }
            let pwm = try pwmOutput(config, plan: plan, takingOver: takingOver)
            return (pwm, "backend: \(pwm.summary)")
        }
    }

    /// What the simulated LED leaves alone: a line or chip given for it is said to be
    /// unused, and a line name that no known board has is named as such (a typo that the
    /// real board would refuse, caught before the board is at hand).
    private static func unusedPins(_ config: TorchConfig) -> String {
        let given = [config.output.line.map { "line \(EchoedText.bounded($0))" },
                     config.output.chip.map { "chip \(EchoedText.bounded($0))" }].compactMap { $0 }
        guard !given.isEmpty else { return "" }
        var note = "; [output] \(given.joined(separator: ", ")) not used by it"
        if let line = config.output.line, !line.allSatisfy(\.isNumber),
           let (catalog, _) = try? BoardFiles.loadCatalog(), !catalog.profiles.isEmpty,
           !catalog.profiles.contains(where: { $0.pin(for: line) != nil }) {
            note += " (\(EchoedText.bounded(line)) is no line or pin of any board torch knows: torch boards lists them)"
        }
        return note
    }

    private static func simulated() -> SimulatedOutput {
        SimulatedOutput(clock: MonotonicClock(), capacity: simulatedHistory)
    }

    /// Why `--backend pwm` cannot drive the LED pin here, and what would.
    private static func pwmUnavailable(_ config: TorchConfig, plan: OutputPlan) -> HardwareError {
        if let hint = plan.enableHint {
            return HardwareError("backend pwm: the LED pin's PWM channel is not enabled: \(OutputPlanner.enableText(hint))")
        } else if MachineProbe().pwmChips().isEmpty {
            return HardwareError("backend pwm: no PWM controller on this machine (/sys/class/pwm is empty); use --backend gpiod for software PWM")
        }
        return HardwareError("backend pwm: [output] line \(config.output.line ?? "(none)") is not PWM-capable on this board; set [output] pwm-chip and pwm-channel, or use --backend gpiod")
    }

    /// What `auto` would drive, from the board profile (detected or `[board] name`), the
    /// PWM controllers and the GPIO chips present.
    static func outputPlan(_ config: TorchConfig) throws(HardwareError) -> OutputPlan {
        let machine = MachineProbe().snapshot(lines: false)
        return OutputPlanner.plan(output: config.output, board: try board(config, machine: machine),
                                  pwmChips: machine.pwmChips, gpioChipLabels: machine.gpioChipLabels)
    }

    /// The board profile: `[board] name`, else detected; nil when unknown or when no
    /// profiles are installed.
    static func board(_ config: TorchConfig, machine: MachineSnapshot? = nil) throws(HardwareError) -> BoardProfile? {
        guard let (catalog, _) = try? BoardFiles.loadCatalog() else { return nil }
        do {
            return try BoardDetection.resolve(name: config.board.name, catalog: catalog,
                                              machine: machine ?? MachineProbe().snapshot(lines: false))
        } catch {
            throw HardwareError("[board] name: \(error)")
        }
    }

    /// Where the ON button's line is: `[button] chip`, else `[output] chip`, else the
    /// board's header chip, as for the LED (`LinePlacement`).
    static func buttonPlacement(_ config: TorchConfig, line: String, board: BoardProfile?) -> LinePlacement {
        LinePlacement.resolve(line: line, chips: [config.button.chip, config.output.chip], board: board)
    }

    /// The hardware PWM channel of the plan; an active-low LED gets inversed polarity.
    static func pwmOutput(_ config: TorchConfig, plan: OutputPlan, takingOver: TakeOver? = nil) throws(HardwareError) -> SysfsPWMOutput {
        guard let chip = plan.pwmChip, let channel = plan.pwmChannel else {
            throw HardwareError("backend pwm: \(plan.reason)")
        }
        let settings = PWMChannelSettings(frequency: config.output.pwmFrequency,
                                          polarity: config.output.activeLow ? .inversed : .normal)
        let pwm = try SysfsPWMOutput(chip: chip.device.isEmpty ? chip.name : chip.device, channel: channel,
                                     settings: settings, hint: plan.enableHint.map(OutputPlanner.enableText),
                                     takingOver: takingOver?.pwm(chip: chip.name, channel: channel))
        takingOver?.opened(pwm)
        return pwm
    }

    /// The LED's GPIO line from `[output] chip`/`line` (or `--chip`/`--line`).
    static func gpioLine(_ config: TorchConfig, plan: OutputPlan, initiallyLit: Bool = false,
                         takingOver: TakeOver? = nil) throws(HardwareError) -> GPIOOutputLine {
        guard let line = plan.line ?? config.output.line else {
            throw HardwareError("backend gpiod: no LED line: set [output] line (an offset or a name such as GPIO18) or give --line")
        }
        let chip = try GPIOChip(plan.gpioChip ?? config.output.chip ?? "gpiochip0")
        if let takingOver,
           let taken = takingOver.gpioLine(chip: chip, offset: try chip.offset(of: line), activeLow: config.output.activeLow) {
            return taken
        }
        return try GPIOOutputLine(chip: chip, line: line, activeLow: config.output.activeLow, initiallyOn: initiallyLit)
    }

    /// The ON (and OFF) buttons from `[button]`; none when no line is configured.
    static func buttons(_ config: TorchConfig) throws(HardwareError) -> [any ButtonInput] {
        var out: [any ButtonInput] = []
        let bias: GPIOBias = switch config.button.bias {
        case .pullUp: .pullUp
        case .pullDown: .pullDown
        case .disabled: .disabled
        }
        guard config.button.line != nil || config.button.offLine != nil else { return [] }
        let board = try board(config)
        // No kernel debounce on either libgpiod generation (debounce: .zero): the kernel
        // would report a press only once the line has settled, ≥ `debounce` late. The
        // core's leading-edge Debouncer acts on the first edge instead (docs/button.md, torch(1)).
        if let line = config.button.line {
            let at = buttonPlacement(config, line: line, board: board)
            let chip = try GPIOChip(at.chip)
            out.append(try GPIOButtonInput(chip: chip, line: at.line, role: .on, activeLow: config.button.activeLow,
                                           bias: bias, debounce: .zero))
        }
        if let line = config.button.offLine {
            do {
                let at = buttonPlacement(config, line: line, board: board)
                let chip = try GPIOChip(at.chip)
                out.append(try GPIOButtonInput(chip: chip, line: at.line, role: .off, activeLow: config.button.activeLow,
                                               bias: bias, debounce: .zero))
            } catch {
                for b in out { b.close() }
                throw error
            }
        }
        return out
    }
}
