import TorchCLI
import TorchCore
import TorchHardware

/// `torch wiring`: the circuit for the board and pins, from the command line, else the
/// config, else the board's suggestions, on stdout.
enum WiringCommand {
    static func run(_ w: WiringRequest, config: TorchConfig) -> Int32 {
        guard let board = NamedBoard.resolve(w.board ?? config.board.name, source: w.board == nil ? "[board] name" : "--board",
                                             command: "wiring", fix: "give --board, one of") else { return ExitCode.failure }
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
