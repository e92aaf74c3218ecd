/// Where a button or feedback (buzzer/indicator) line is requested: the chip and the
/// line as the GPIO layer takes them, chosen by the rule the LED's line follows.
///
/// The chip is the first of: the section's own `chip`, the chips the config gives for
/// the lines it shares a chip with (`[output] chip` for a button; the button's for
/// feedback), the chip the board's header pin of `line` is on, the board's header chip
/// (`gpio-chip` in its profile, a label such as `pinctrl-rp1`, so a renumbered chip is
/// still found), and `gpiochip0` only when the board is unknown.
public struct LinePlacement: Equatable, Sendable {
    /// The chip as gpioset names it: a label, `gpiochipN`, `N` or a path.
    public var chip: String
    /// The line: an offset, or the name the user gave when the board does not know it.
    public var line: String

    public init(chip: String, line: String) {
        self.chip = chip
        self.line = line
    }

    /// The fallback when neither the config nor a board profile names a chip.
    public static let defaultChip = "gpiochip0"

    /// - Parameters:
    ///   - line: the line as configured: an offset, a name (`GPIO23`), `pin16`.
    ///   - chips: configured chips, most specific first (nil entries are skipped).
    ///   - board: the detected or configured board profile, nil when unknown.
    public static func resolve(line: String, chips: [String?], board: BoardProfile?) -> LinePlacement {
        let explicit = chips.lazy.compactMap { $0 }.first
        guard let board else { return LinePlacement(chip: explicit ?? defaultChip, line: line) }
        // A chip the header does not use (an expander, a second controller): the line
        // is that chip's, not a header pin, so it is taken as written.
        if let explicit, !board.header.contains(where: { $0.line?.chip == explicit }) {
            return LinePlacement(chip: explicit, line: line)
        }
        guard let pin = board.pin(for: line, chip: explicit), let l = pin.line else {
            return LinePlacement(chip: explicit ?? board.gpioChip, line: line)
        }
        return LinePlacement(chip: explicit ?? l.chip, line: String(l.offset))
    }
}
