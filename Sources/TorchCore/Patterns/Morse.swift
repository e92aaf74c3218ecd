/// International Morse code (ITU-R M.1677-1) timing: dot 1 unit, dash 3 units, gap
/// inside a letter 1, between letters 3, between words 7. unit = 1200 / WPM ms
/// (the word PARIS is 50 units).
///
/// Letters in angle brackets are one sign, sent with no letter gaps (a prosign, as
/// radio operators write them: `<AR>`, `<SK>`). The distress signal is such a sign:
/// ITU-R M.1677-1 writes it · · · — — — · · · as one character, `<SOS>`.
public enum Morse {
    /// The seed app's SOS unit.
    public static let defaultSOSUnit: Duration = .milliseconds(150)

    /// The distress signal as ITU-R M.1677-1 writes it: one sign, no letter gaps.
    public static let distressSign = "<SOS>"

    /// One sign to send: a character, or a prosign's letters run together.
    struct Sign {
        /// What a plot writes over it: the character, or the prosign's letters.
        var label: String
        /// Its dots and dashes.
        var code: String
        var isProsign: Bool
    }

    /// The words of `text`, each as the signs to send. Characters without a code, and a
    /// bracket with no partner, are skipped (validate with `validate`).
    static func signs(in text: String) -> [[Sign]] {
        text.split(separator: " ").map { word in
            var signs: [Sign] = []
            var prosign: (label: String, code: String)? = nil
            for c in word {
                if c == "<" { prosign = ("", ""); continue }
                if c == ">" {
                    if let p = prosign, !p.code.isEmpty { signs.append(Sign(label: p.label, code: p.code, isProsign: true)) }
                    prosign = nil
                    continue
                }
                guard let code = code(for: c) else { continue }
                let label = String(c).uppercased()
                if let p = prosign { prosign = (p.label + label, p.code + code) } else {
                    signs.append(Sign(label: label, code: code, isProsign: false))
                }
            }
            return signs
        }.filter { !$0.isEmpty }
    }

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

    /// The characters of `text` that Morse cannot send (so the caller can name them);
    /// the brackets of a prosign are not among them.
    public static func unsupportedCharacters(in text: String) -> [Character] {
        text.filter { $0 != " " && $0 != "<" && $0 != ">" && code(for: $0) == nil }.map { $0 }
    }

    /// Timeline steps for `text`: on for dots/dashes, off for gaps. The word gap (7 units)
    /// closes the text so the message repeats with a clear pause between sends.
    /// Characters without a code are skipped (validate with `unsupportedCharacters`).
    public static func steps(for text: String, unit: Duration) -> [TimelineStep] {
        var units: [(on: Bool, n: Int)] = []
        for (w, word) in signs(in: text).enumerated() {
            if w > 0 { units.append((false, 7)) }
            for (l, sign) in word.enumerated() {
                if l > 0 { units.append((false, 3)) }
                for (s, symbol) in sign.code.enumerated() {
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
