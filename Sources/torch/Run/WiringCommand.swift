import TorchCLI
import TorchCore
import TorchHardware

/// `torch wiring`: the circuit for the board and pins, from the command line, else the
/// config, else the board's suggestions, on stdout.
enum WiringCommand {
    static func run(_ w: WiringRequest, config: TorchConfig) -> Int32 {
        let catalog: BoardCatalog
        do { (catalog, _) = try BoardFiles.loadCatalog() } catch {
            StandardError.write("torch: \(error)\n")
            return ExitCode.failure
        }
        let board: BoardProfile
        do {
            let name = w.board ?? config.board.name
            guard let found = try BoardDetection.resolve(name: name, catalog: catalog,
                                                         machine: MachineProbe().snapshot(lines: false)) else {
                StandardError.write("torch: wiring: this board is not recognised: give --board, one of \(catalog.ids.joined(separator: ", "))\n")
                return ExitCode.failure
            }
            board = found
        } catch {
            StandardError.write("torch: \(w.board == nil ? "[board] name" : "--board"): \(error)\n")
            return ExitCode.failure
        }
        let plan = WiringPlan(board: board, resistor: SeriesResistor(supply: w.supply, forwardVoltage: w.forwardVoltage, current: w.current))
        let pins = WiringPlan.Pins(led: w.line ?? config.output.line, ledActiveLow: config.output.activeLow,
                                   button: w.buttonLine ?? config.button.line, offButton: w.offLine ?? config.button.offLine,
                                   feedback: w.feedbackLine ?? config.feedback.line)
        do {
            StandardOutput.write(try plan.text(pins).joined(separator: "\n") + "\n")
            return ExitCode.ok
        } catch {
            StandardError.write("torch: wiring: \(error)\n")
            return ExitCode.failure
        }
    }
}
