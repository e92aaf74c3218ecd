import TorchCore

/// `torch sos` and `torch morse`: Morse code at a unit or a speed in words per minute;
/// neither is the config's `sos-unit`.
public enum SOSSubcommand {
    static let unit = Option("unit", value: "duration", help: "Dot length. (default: 150ms)", parse: DurationSyntax.parse)
    static let wpm = Option("wpm", value: "n", help: "Speed in words per minute (unit = 1200/WPM ms).", parse: Morse.parseWordsPerMinute)
    static let letters = Flag("letters", help: "Three letters S O S with letter gaps (the default unless sos-style = sign).")
    static let sign = Flag("sign", help: "The distress signal as ITU-R M.1677-1 writes it: one sign, · · · — — — · · ·, no letter gaps.")

    public static let spec = CommandSpec(
        name: "sos", overview: "Send SOS in Morse code, repeating.",
        options: [unit.spec, wpm.spec, letters.spec, sign.spec],
        discussion: "By default SOS is three letters, S O S, with 3-unit gaps between them, as most lights send it: at the 150 ms unit that is three flashes in any second, within the WCAG 2.3.1 rule torch applies to what a phone or Home Assistant may start. --sign sends the distress signal as ITU-R M.1677-1 writes it, one sign with no letter gaps (four flashes in a second at 150 ms). sos-style in torch.conf sets the default.") { p, light throws(UsageError) in
        let u = try MorseUnit.read(p, unit: unit, wpm: wpm)
        let style: SOSStyle?
        switch (p.isSet(letters), p.isSet(sign)) {
        case (true, true): throw UsageError(message: "give --letters or --sign, not both", command: p.command)
        case (true, false): style = .letters
        case (false, true): style = .sign
        case (false, false): style = nil
        }
        // Neither the unit nor the style given: the config's SOS, as the button plays it.
        guard u != nil || style != nil else { return .light(.preset("sos"), light) }
        return .light(.sos(style: style, unit: u), light)
    }
}

public enum MorseSubcommand {
    static let wpm = Option("wpm", value: "n", help: "Speed in words per minute. (default: 8, a 150 ms unit)", parse: Morse.parseWordsPerMinute)
    static let unit = Option("unit", value: "duration", help: "Dot length (instead of --wpm).", parse: DurationSyntax.parse)

    public static let spec = CommandSpec(
        name: "morse", overview: "Send any text in Morse code (ITU timing), repeating.",
        arguments: [ArgumentSpec(name: "text", help: "The message: letters, digits and common punctuation.", optional: false, variadic: true)],
        options: [wpm.spec, unit.spec]) { p, light throws(UsageError) in
        let text = p.positionals.joined(separator: " ")
        do { try Morse.validate(text) } catch {
            throw UsageError(message: "<text>: \(error)", command: p.command)
        }
        return .light(.morse(text: text, unit: try MorseUnit.read(p, unit: unit, wpm: wpm)), light)
    }
}

/// The Morse unit both commands read the same way.
enum MorseUnit {
    /// `--unit` or `--wpm`; nil: neither (the config's `sos-unit`).
    static func read(_ p: ParsedArguments, unit: Option<Duration>, wpm: Option<Double>) throws(UsageError) -> Duration? {
        let u = try p.value(unit)
        let w = try p.value(wpm)
        if u != nil && w != nil { throw UsageError(message: "give --unit or --wpm, not both", command: p.command) }
        if let w { return Morse.unit(wordsPerMinute: w) }
        if let u {
            guard u >= .milliseconds(1) else {
                throw UsageError(message: "--unit: '\(p.text(unit) ?? "")' is too short: expected 1ms or more", command: p.command)
            }
            return u
        }
        return nil
    }
}
