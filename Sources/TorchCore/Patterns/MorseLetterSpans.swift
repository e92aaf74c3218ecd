extension Morse {
    /// One sent character of a Morse message and when it is on air.
    public struct LetterSpan: Equatable, Sendable {
        /// The character, or a prosign's letters (`SOS` for `<SOS>`).
        public var label: String
        /// True for a prosign: its letters are one sign (a plot draws a bar over them).
        public var isProsign: Bool
        /// From the message's start to the letter's first dot or dash.
        public var start: Duration
        /// From the message's start to the end of the letter's last dot or dash.
        public var end: Duration
    }

    /// Where each sign of `text` (a character, or a prosign) lies in `steps(for: text, unit:)`, for marking the
    /// letters on a plot. Same timing: symbols 1 or 3 units, gaps 1 / 3 / 7 units.
    public static func letterSpans(for text: String, unit: Duration) -> [LetterSpan] {
        var t = 0
        var spans: [LetterSpan] = []
        for (w, word) in signs(in: text).enumerated() {
            if w > 0 { t += 7 }
            for (l, sign) in word.enumerated() {
                if l > 0 { t += 3 }
                let start = t
                for (s, symbol) in sign.code.enumerated() {
                    if s > 0 { t += 1 }
                    t += symbol == "-" ? 3 : 1
                }
                spans.append(LetterSpan(label: sign.label, isProsign: sign.isProsign, start: unit * start, end: unit * t))
            }
        }
        return spans
    }
}
