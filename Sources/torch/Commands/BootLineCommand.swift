import TorchCLI
import TorchCore
import TorchHardware

/// `torch boot-line`: the Raspberry Pi `config.txt` line that lights the LED pin from
/// power-on, for the configured board and LED line; the line alone on stdout, where to
/// put it on stderr.
struct BootLineCommand: LocalCommand {
    static let spec = CommandSpec(
        name: "boot-line", overview: "Print the Raspberry Pi config.txt line that lights the LED pin from power-on.",
        discussion: """
        From the config's [board] name (auto: detected) and [output] line and active-low
        (without a line, the board's suggested LED pin). Add the line to
        /boot/firmware/config.txt: the firmware drives the pin at its lit level before
        Linux runs, and torch run takes the line over at that level when its start is lit.
        """,
        drivesLight: false) { _, _ throws(UsageError) in
        .local(BootLineCommand())
    }

    func run(_ context: LocalContext) -> Int32 {
        let config = context.config
        guard let board = NamedBoard.resolve(config.board.name, source: "[board] name", command: "boot-line",
                                             fix: "set [board] name to one of") else { return ExitCode.failure }
        do {
            let line = try FirmwareBootLine.line(board: board, line: config.output.line,
                                                 chip: Self.headerChipLabel(config.output.chip),
                                                 activeLow: config.output.activeLow)
            StandardOutput.write(line + "\n")
            StandardError.write("torch: add it to /boot/firmware/config.txt (/boot/config.txt before bookworm) on \(board.name); it takes effect at the next power-on\n")
            return ExitCode.ok
        } catch {
            StandardError.write("torch: boot-line: \(error)\n")
            return ExitCode.failure
        }
    }

    /// `[output] chip` when it is a label (`pinctrl-bcm2711`); a number or gpiochipN
    /// says nothing about the header chip, which the board profile names by label.
    private static func headerChipLabel(_ chip: String?) -> String? {
        guard let chip, !chip.isEmpty, !chip.hasPrefix("/"), !chip.hasPrefix("gpiochip"),
              !chip.allSatisfy(\.isNumber) else { return nil }
        return chip
    }
}
