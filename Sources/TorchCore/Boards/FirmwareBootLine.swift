/// The Raspberry Pi firmware's `config.txt` line that drives the LED pin before Linux
/// runs (`gpio=18=op,dh`): the power-on light, from the first second of boot until
/// `torch run` takes the line (lit when the start state is lit, with no dark gap: torch
/// requests the line with the lit level as its initial value).
///
/// `config.txt`'s `gpio=` takes the BCM GPIO number, which is the line's offset on the
/// header chip (`pinctrl-bcm2835`, `pinctrl-bcm2711`, `pinctrl-rp1`); `op` makes it an
/// output, `dh` drives it high and `dl` low (the lit level of an active-low LED).
/// A board whose firmware loses the line before Linux starts (`boot-line-gap` in its
/// profile: the Pi 5, whose header chip RP1 is reset on the way) gets no line, and the
/// reason, instead of a line that would light the LED for the first seconds only.
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
        let line = "gpio=\(boardLine.offset)=op,\(activeLow ? "dl" : "dh")"
        if let gap = board.bootLineGap { throw .notHeld(line: line, board: board.name, why: gap) }
        return line
    }
}

/// Why there is no `config.txt` line; each case says what to change.
public enum FirmwareBootLineError: Error, Equatable, CustomStringConvertible {
    case notRaspberryPi(board: String)
    case noLine(board: String)
    case notOnHeader(line: String, board: String, suggestion: String?)
    case notFirmwareLine(line: String, chip: String)
    /// The board's firmware takes the line back before Linux runs (`boot-line-gap`).
    case notHeld(line: String, board: String, why: String)

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
        case let .notHeld(line, board, why):
            "on \(board) a config.txt '\(line)' does not hold until Linux: \(why); "
                + "the LED is dark from then until torch runs, so torch prints no line for this board"
        }
    }
}
