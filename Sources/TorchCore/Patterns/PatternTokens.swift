/// One word of a pattern text and where it stands, for errors that point at it.
struct PatternToken: Equatable, Sendable {
    var text: String
    /// Characters from the start of the source.
    var offset: Int
    /// 1-based position among the tokens.
    var number: Int

    var length: Int { text.count }

    func error(_ message: String) -> PatternSyntaxError {
        PatternSyntaxError(tokenNumber: number, token: text, offset: offset, length: length, message: message)
    }
}

enum PatternTokens {
    /// Pattern text is one line: a control character other than tab (a CR, a newline)
    /// is an error. The unit parsers trim CR and newline around a value, so `1 \r15s`
    /// would otherwise be accepted as text that no one-line form can keep exactly.
    static func checkOneLine(_ source: String) throws(PatternSyntaxError) {
        for (offset, c) in source.enumerated() {
            guard let bad = c.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else {
                continue
            }
            let code = String(bad.value, radix: 16, uppercase: true)
            throw PatternSyntaxError(tokenNumber: nil, token: nil, offset: offset, length: 1,
                                     message: "control character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code) at character \(offset + 1): a pattern is one line of text")
        }
    }

    /// Splits on spaces, tabs and commas (any run of them): `100%, 200ms` is two tokens.
    static func split(_ source: String) -> [PatternToken] {
        var tokens: [PatternToken] = []
        var current = ""
        var start = 0
        var offset = 0
        for c in source {
            if c == " " || c == "\t" || c == "," {
                if !current.isEmpty {
                    tokens.append(PatternToken(text: current, offset: start, number: tokens.count + 1))
                    current = ""
                }
            } else {
                if current.isEmpty { start = offset }
                current.append(c)
            }
            offset += 1
        }
        if !current.isEmpty {
            tokens.append(PatternToken(text: current, offset: start, number: tokens.count + 1))
        }
        return tokens
    }
}
