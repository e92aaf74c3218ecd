import TorchCore
import TorchEngine
import TorchHardware

/// The service's extras from the config: the board's status LEDs for stealth and the
/// feedback buzzer/indicator.
enum ServiceExtras {
    /// `[board] stealth-leds`, else the board profile's status LEDs present here.
    static func statusLEDs(_ config: TorchConfig) -> StatusLEDs? {
        var names = config.board.stealthLEDs ?? []
        if config.board.stealthLEDs == nil, let (catalog, _) = try? BoardFiles.loadCatalog() {
            let machine = MachineProbe().snapshot(lines: false)
            if let board = try? BoardDetection.resolve(name: config.board.name, catalog: catalog, machine: machine) {
                names = BoardDetection.presentStatusLEDs(of: board, machine: machine)
            }
        }
        return names.isEmpty ? nil : StatusLEDs(names: names)
    }

    /// `[feedback] line` as a pulsing output: on `[feedback] chip`, else the button's
    /// chip, else the LED's, else the board's header chip (`LinePlacement`).
    static func feedback(_ config: TorchConfig) throws(HardwareError) -> FeedbackPulser? {
        guard let line = config.feedback.line else { return nil }
        let at = LinePlacement.resolve(line: line, chips: [config.feedback.chip, config.button.chip, config.output.chip],
                                       board: try BackendChoice.board(config))
        let chip = try GPIOChip(at.chip)
        return FeedbackPulser(output: try GPIOOutputLine(chip: chip, line: at.line), pulseLength: config.feedback.pulse)
    }

    /// Beside the state file: the LEDs' saved triggers while they are dark.
    static func ledSavePath(statePath: String) -> String {
        guard let slash = statePath.lastIndex(of: "/") else { return "status-leds" }
        return String(statePath[..<slash]) + "/status-leds"
    }
}
