import TorchCore
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// Picks and opens the output, and says which and why in one line.
enum BackendChoice {
    /// GPIO character devices present on this machine (/dev/gpiochipN).
    static func gpioChips() -> [String] {
        guard let dir = opendir("/dev") else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix("gpiochip") { names.append("/dev/" + name) }
        }
        return names.sorted()
    }

    static func open(requested: String?, config: TorchConfig) throws(HardwareError) -> (output: any LightOutput, reason: String) {
        let choice = requested ?? config.output.backend.rawValue
        switch choice {
        case "sim":
            return (SimulatedOutput(clock: MonotonicClock()), "backend: simulated LED (chosen with --backend sim or [output] backend)")
        case "auto":
            let chips = gpioChips()
            if chips.isEmpty {
                return (SimulatedOutput(clock: MonotonicClock()),
                        "backend: simulated LED — this machine has no GPIO chip (/dev/gpiochip*)")
            }
            guard config.output.line != nil else {
                return (SimulatedOutput(clock: MonotonicClock()),
                        "backend: simulated LED — no [output] line in the config or --line (GPIO chips: \(chips.joined(separator: ", ")))")
            }
            let line = try gpioLine(config)
            return (line, "backend: \(line.summary) (auto: a GPIO chip and an [output] line; brightness by software PWM)")
        case "gpiod":
            let line = try gpioLine(config)
            return (line, "backend: \(line.summary)")
        default:
            throw HardwareError("backend \(choice): the sysfs PWM backend is not wired into the command line yet; use --backend gpiod or sim")
        }
    }

    /// The LED's GPIO line from `[output] chip`/`line` (or `--chip`/`--line`).
    static func gpioLine(_ config: TorchConfig) throws(HardwareError) -> GPIOOutputLine {
        guard let line = config.output.line else {
            throw HardwareError("backend gpiod: no LED line: set [output] line (an offset or a name such as GPIO18) or give --line")
        }
        let chip = try GPIOChip(config.output.chip ?? "gpiochip0")
        return try GPIOOutputLine(chip: chip, line: line, activeLow: config.output.activeLow)
    }

    /// The ON (and OFF) buttons from `[button]`; none when no line is configured.
    static func buttons(_ config: TorchConfig) throws(HardwareError) -> [any ButtonInput] {
        var out: [any ButtonInput] = []
        let bias: GPIOBias = switch config.button.bias {
        case .pullUp: .pullUp
        case .pullDown: .pullDown
        case .disabled: .disabled
        }
        let chipName = config.button.chip ?? config.output.chip ?? "gpiochip0"
        if let line = config.button.line {
            let chip = try GPIOChip(chipName)
            out.append(try GPIOButtonInput(chip: chip, line: line, role: .on, activeLow: config.button.activeLow,
                                           bias: bias, debounce: config.button.debounce))
        }
        if let line = config.button.offLine {
            let chip = try GPIOChip(chipName)
            do {
                out.append(try GPIOButtonInput(chip: chip, line: line, role: .off, activeLow: config.button.activeLow,
                                               bias: bias, debounce: config.button.debounce))
            } catch {
                for b in out { b.close() }
                throw error
            }
        }
        return out
    }
}
