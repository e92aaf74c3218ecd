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
            if config.output.line == nil {
                return (SimulatedOutput(clock: MonotonicClock()),
                        "backend: simulated LED — no [output] line in the config (GPIO chips: \(chips.joined(separator: ", ")))")
            }
            throw HardwareError("backend auto: [output] line \(config.output.line ?? "") is set, but this build drives GPIO lines only from the hardware backend, which is not built in yet; use --backend sim")
        default:
            throw HardwareError("backend \(choice): not built in yet; use --backend sim")
        }
    }
}
