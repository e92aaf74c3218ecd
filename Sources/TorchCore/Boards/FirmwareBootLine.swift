/// The Raspberry Pi firmware's `config.txt` line that drives the LED pin before Linux
/// runs (`gpio=18=op,dh`): the power-on light, from the first second of boot until
/// `torch run` takes the line (lit when the start state is lit, with no dark gap: torch
/// requests the line with the lit level as its initial value).
///
/// `config.txt`'s `gpio=` takes the BCM GPIO number, which is the line's offset on the
/// header chip (`pinctrl-bcm2835`, `pinctrl-bcm2711`, `pinctrl-rp1`); `op` makes it an
/// output, `dh` drives it high and `dl` low (the lit level of an active-low LED).
public enum FirmwareBootLine {
    /// The line for `board` and the LED line `line` (any form the config takes:
    /// `GPIO18`, `18`, `pin12`), on `chip` (a label; nil for the header chip), or the
    /// board's suggested LED pin when `line` is nil.
    public static func line(board: BoardProfile, line: String?, chip: String?,
                            activeLow: Bool) throws(FirmwareBootLineError) -> String {
        guard board.compatible.contains(where: { $0.hasPrefix("raspberrypi,") }) else {
            throw .notRaspberryPi(board: board.name)
        }
        let pin: HeaderPin?
        let spec: String
        if let line {
            spec = line
            pin = board.pin(for: line, chip: chip)
        } else if let led = board.ledPin {
            spec = "pin\(led)"
            pin = board.headerPin(led)
        } else {
            throw .noLine(board: board.name)
        }
        guard let pin, let boardLine = pin.line else {
            throw .notOnHeader(line: spec, board: board.name, suggestion: board.pinSuggestion(for: spec))
        }
        guard boardLine.chip == board.gpioChip else {
            throw .notFirmwareLine(line: spec, chip: boardLine.chip)
        }
        return "gpio=\(boardLine.offset)=op,\(activeLow ? "dl" : "dh")"
    }
}

/// Why there is no `config.txt` line; each case says what to change.
public enum FirmwareBootLineError: Error, Equatable, CustomStringConvertible {
    case notRaspberryPi(board: String)
    case noLine(board: String)
    case notOnHeader(line: String, board: String, suggestion: String?)
    case notFirmwareLine(line: String, chip: String)

    public var description: String {
        switch self {
        case let .notRaspberryPi(board):
            "\(board) has no config.txt: only the Raspberry Pi firmware can drive a pin before Linux runs"
        case let .noLine(board):
            "no LED line: set [output] line (e.g. GPIO18); \(board) suggests none"
        case let .notOnHeader(line, board, suggestion):
            "[output] line '\(line)' is not a GPIO line on the header of \(board)"
                + (suggestion.map { " (did you mean \($0)?)" } ?? "")
        case let .notFirmwareLine(line, chip):
            "[output] line '\(line)' is on \(chip), not the SoC's GPIO bank that config.txt's gpio= drives"
        }
    }
}
