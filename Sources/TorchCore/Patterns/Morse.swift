/// International Morse code (ITU-R M.1677-1) timing: dot 1 unit, dash 3 units, gap
/// inside a letter 1, between letters 3, between words 7. unit = 1200 / WPM ms
/// (the word PARIS is 50 units).
public enum Morse {
    /// The seed app's SOS unit.
    public static let defaultSOSUnit: Duration = .milliseconds(150)

    /// The dot length for a speed in words per minute: 1200 / WPM ms.
    /// `wpm` must be above 0 (check with `parseWordsPerMinute`); values that would not
    /// fit saturate between 1 ns and Int64.max ns instead of trapping.
    public static func unit(wordsPerMinute wpm: Double) -> Duration {
        let ns = (1_200_000_000 / wpm).rounded()
        guard ns >= 1 else { return .nanoseconds(1) }
        guard ns < 9.2e18 else { return .nanoseconds(Int64.max) }
        return .nanoseconds(Int64(ns))
    }

    /// Dots and dashes for a character, or nil when Morse has no code for it.
    public static func code(for c: Character) -> String? {
        // Some characters upper-case to several ("ß" → "SS"); those have no code, and
        // `Character(_:)` would trap on them.
        let upper = String(c).uppercased()
        guard upper.count == 1, let u = upper.first else { return nil }
        return table[u]
    }

    /// The characters of `text` that Morse cannot send (so the caller can name them).
    public static func unsupportedCharacters(in text: String) -> [Character] {
        text.filter { $0 != " " && code(for: $0) == nil }.map { $0 }
    }

    /// Timeline steps for `text`: on for dots/dashes, off for gaps. The word gap (7 units)
    /// closes the text so the message repeats with a clear pause between sends.
    /// Characters without a code are skipped (validate with `unsupportedCharacters`).
    public static func steps(for text: String, unit: Duration) -> [TimelineStep] {
        let words = text.split(separator: " ").map { $0.compactMap { code(for: $0) } }.filter { !$0.isEmpty }
        var units: [(on: Bool, n: Int)] = []
        for (w, word) in words.enumerated() {
            if w > 0 { units.append((false, 7)) }
            for (l, letter) in word.enumerated() {
                if l > 0 { units.append((false, 3)) }
                for (s, symbol) in letter.enumerated() {
                    if s > 0 { units.append((false, 1)) }
                    units.append((true, symbol == "-" ? 3 : 1))
                }
            }
        }
        if !units.isEmpty { units.append((false, 7)) }
        return units.map { .hold($0.on ? 1 : 0, unit * $0.n) }
    }

    private static let table: [Character: String] = [
        "A": ".-", "B": "-...", "C": "-.-.", "D": "-..", "E": ".", "F": "..-.", "G": "--.",
        "H": "....", "I": "..", "J": ".---", "K": "-.-", "L": ".-..", "M": "--", "N": "-.",
        "O": "---", "P": ".--.", "Q": "--.-", "R": ".-.", "S": "...", "T": "-", "U": "..-",
        "V": "...-", "W": ".--", "X": "-..-", "Y": "-.--", "Z": "--..",
        "0": "-----", "1": ".----", "2": "..---", "3": "...--", "4": "....-",
        "5": ".....", "6": "-....", "7": "--...", "8": "---..", "9": "----.",
        ".": ".-.-.-", ",": "--..--", "?": "..--..", "'": ".----.", "!": "-.-.--",
        "/": "-..-.", "(": "-.--.", ")": "-.--.-", "&": ".-...", ":": "---...",
        ";": "-.-.-.", "=": "-...-", "+": ".-.-.", "-": "-....-", "_": "..--.-",
        "\"": ".-..-.", "$": "...-..-", "@": ".--.-.",
    ]
}
