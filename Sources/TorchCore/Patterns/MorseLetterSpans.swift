extension Morse {
    /// One sent character of a Morse message and when it is on air.
    public struct LetterSpan: Equatable, Sendable {
        public var letter: Character
        /// From the message's start to the letter's first dot or dash.
        public var start: Duration
        /// From the message's start to the end of the letter's last dot or dash.
        public var end: Duration
    }

    /// Where each character of `text` lies in `steps(for: text, unit:)`, for marking the
    /// letters on a plot. Same timing: symbols 1 or 3 units, gaps 1 / 3 / 7 units.
    public static func letterSpans(for text: String, unit: Duration) -> [LetterSpan] {
        let words = text.split(separator: " ").map { $0.compactMap { c in code(for: c).map { (c, $0) } } }.filter { !$0.isEmpty }
        var t = 0
        var spans: [LetterSpan] = []
        for (w, word) in words.enumerated() {
            if w > 0 { t += 7 }
            for (l, (letter, symbols)) in word.enumerated() {
                if l > 0 { t += 3 }
                let start = t
                for (s, symbol) in symbols.enumerated() {
                    if s > 0 { t += 1 }
                    t += symbol == "-" ? 3 : 1
                }
                spans.append(LetterSpan(letter: String(letter).uppercased().first ?? letter, start: unit * start, end: unit * t))
            }
        }
        return spans
    }
}
