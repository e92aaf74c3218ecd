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
