import TorchCLI
import TorchCore
import TorchHardware

/// `torch wiring`: the circuit for the board and pins, from the command line, else the
/// config, else the board's suggestions, on stdout.
enum WiringCommand {
    static let board = Option("board", value: "id", help: "The board (a 'torch boards' id). (default: the config's [board] name, else detected)")
    static let line = Option("line", value: "line", help: "The LED's line: GPIO18, an offset, or pin12. (default: the config's, else the board's suggested pin)")
    static let buttonLine = Option("button-line", value: "line", help: "The ON button's line. (default: the config's, else the board's suggested pin)")
    static let offLine = Option("off-line", value: "line", help: "The optional OFF button's line. (default: the config's [button] off-line)")
    static let feedbackLine = Option("feedback-line", value: "line", help: "The optional buzzer or indicator line. (default: the config's [feedback] line)")
    static let supply = Option("supply", value: "voltage", help: "The voltage across LED and resistor. (default: 3.3V, a GPIO pin's high level)") {
        (t: String) throws(ValueError) in try VoltageSyntax.parse(t)
    }
    static let vf = Option("vf", value: "voltage", help: "The LED's forward voltage: red ≈ 2.0V, green/blue/white ≈ 3.0V. (default: 2.0V)") {
        (t: String) throws(ValueError) in try VoltageSyntax.parse(t)
    }
    static let current = Option("current", value: "current", help: "The LED current to aim for. (default: 10mA)") {
        (t: String) throws(ValueError) in try CurrentSyntax.parse(t)
    }

    static let spec = CommandSpec(
        name: "wiring", overview: "Print the circuit for the board and pins: physical pins, nearest grounds, the LED's resistor.",
        options: [board.spec, line.spec, buttonLine.spec, offLine.spec, feedbackLine.spec, supply.spec, vf.spec, current.spec],
        discussion: """
        The series resistor is (supply - Vf) / current, rounded up to the next E24 value
        (so the current is never above the one asked for), then the E12 one; each with
        the current it gives and the power in resistor and LED. A current above the
        pin's limit (Raspberry Pi: 16 mA per pin, about 50 mA for all pins) is a
        warning: switch the LED with a MOSFET or a driver (wiring/).

        EXAMPLES:
          torch wiring --board rpi4b                         the suggested pins, red LED at 10 mA
          torch wiring --vf 3.0V --current 5mA               a white LED on the configured pins
        """,
        drivesLight: false) { p, _ throws(UsageError) in
        .local(WiringRequest(board: try p.value(board), line: try p.value(line), buttonLine: try p.value(buttonLine),
                             offLine: try p.value(offLine), feedbackLine: try p.value(feedbackLine),
                             supply: try p.value(supply) ?? 3.3, forwardVoltage: try p.value(vf) ?? 2.0,
                             current: try p.value(current) ?? 0.010))
    }
}

/// What `torch wiring` was asked: the board and pins (nil: from the config, else the
/// board's suggestions) and the LED's electrical values.
struct WiringRequest: LocalCommand {
    /// `--board`; nil takes the config's `[board] name` (auto: detected).
    var board: String?
    var line: String?
    var buttonLine: String?
    var offLine: String?
    var feedbackLine: String?
    /// Volts, volts, amperes.
    var supply: Double
    var forwardVoltage: Double
    var current: Double

    func run(_ context: LocalContext) -> Int32 {
        let config = context.config
        guard let profile = NamedBoard.resolve(board ?? config.board.name, source: board == nil ? "[board] name" : "--board",
                                               command: "wiring", fix: "give --board, one of") else { return ExitCode.failure }
        let plan = WiringPlan(board: profile, resistor: SeriesResistor(supply: supply, forwardVoltage: forwardVoltage, current: current))
        let pins = WiringPlan.Pins(led: line ?? config.output.line, ledActiveLow: config.output.activeLow,
                                   button: buttonLine ?? config.button.line, offButton: offLine ?? config.button.offLine,
                                   feedback: feedbackLine ?? config.feedback.line)
        do {
            StandardOutput.write(try plan.text(pins).joined(separator: "\n") + "\n")
            return ExitCode.ok
        } catch {
            StandardError.write("torch: wiring: \(error)\n")
            return ExitCode.failure
        }
    }
}
