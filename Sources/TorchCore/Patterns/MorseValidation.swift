/// Checks for Morse input, with errors that name what is wrong.
extension Morse {
    /// The Morse speeds `parseWordsPerMinute` accepts: 1…200 words per minute
    /// (unit 1.2 s … 6 ms; fast hand keying is about 40).
    public static let wordsPerMinuteRange = 1.0...200.0

    /// What Morse can send, for error messages.
    public static let supportedText =
        "letters A–Z, digits 0–9, spaces and . , ? ' ! / ( ) & : ; = + - _ \" $ @, and <LETTERS> for one sign"

    /// Throws unless `text` has something to send, only characters with a code, no
    /// spaces at its ends and at most 250 characters.
    /// The message names each unsupported character once, in order:
    /// `'HÉLLO' is not valid: expected letters A–Z, … (Morse has no code for 'É')`.
    public static func validate(_ text: String) throws(ValueError) {
        let bad = unsupportedCharacters(in: text)
        if !bad.isEmpty {
            var unique: [Character] = []
            for c in bad where !unique.contains(c) { unique.append(c) }
            let names = unique.map { "'\($0)'" }.joined(separator: ", ")
            throw ValueError(value: text, allowed: "\(supportedText) (Morse has no code for \(names))")
        }
        guard text.contains(where: { $0 != " " }) else {
            throw ValueError(value: text, allowed: "a text to send in Morse: \(supportedText)")
        }
        // Spaces at the ends send nothing, and a one-line `key=value` state file cannot
        // keep them: refusing them keeps every accepted text's round trip exact.
        guard text.first != " ", text.last != " " else {
            throw ValueError(value: text, allowed: "a text to send in Morse without spaces at its start or end")
        }
        try validateProsigns(text)
        guard text.count <= PatternLimits.maximumMorseLength else {
            throw ValueError(value: String(text.prefix(20)) + "…",
                             allowed: "at most \(PatternLimits.maximumMorseLength) characters to send in Morse")
        }
    }

    /// Each `<` is closed by a `>` in the same word, with one or more characters between
    /// and no bracket inside (`<SOS>`, `<AR>`).
    static func validateProsigns(_ text: String) throws(ValueError) {
        let allowed = "a prosign as <LETTERS>: letters between one '<' and one '>', in one word, such as \(distressSign)"
        var open = false
        var inside = 0
        for c in text {
            switch c {
            case "<":
                guard !open else { throw ValueError(value: text, allowed: allowed) }
                open = true
                inside = 0
            case ">":
                guard open, inside > 0 else { throw ValueError(value: text, allowed: allowed) }
                open = false
            case " ":
                guard !open else { throw ValueError(value: text, allowed: allowed) }
            default:
                inside += 1
            }
        }
        guard !open else { throw ValueError(value: text, allowed: allowed) }
    }

    /// Reads a speed in words per minute (`20`, `12.5`), 1…200; unit = 1200 / WPM ms.
    public static func parseWordsPerMinute(_ text: String) throws(ValueError) -> Double {
        guard let wpm = DecimalSyntax.parse(text.trimmedASCII), wordsPerMinuteRange.contains(wpm) else {
            throw ValueError(value: text, allowed: "a Morse speed from 1 to 200 words per minute")
        }
        return wpm
    }
}
