import TorchCore
import TorchHardware

/// `torch boot-line`: the Raspberry Pi `config.txt` line that lights the LED pin from
/// power-on, for the configured board and LED line; the line alone on stdout, where to
/// put it on stderr.
enum BootLineCommand {
    static func run(config: TorchConfig) -> Int32 {
        guard let board = NamedBoard.resolve(config.board.name, source: "[board] name", command: "boot-line",
                                             fix: "set [board] name to one of") else { return ExitCode.failure }
        do {
            let line = try FirmwareBootLine.line(board: board, line: config.output.line,
                                                 chip: headerChipLabel(config.output.chip),
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
