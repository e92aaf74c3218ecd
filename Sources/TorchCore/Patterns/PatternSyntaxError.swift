/// A pattern text that could not be read, pointing at the token at fault so the CLI can
/// underline it and the config reader can name it.
public struct PatternSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The token's position among the tokens, counting from 1 as shown to the user;
    /// `nil` when the error is about the whole pattern (empty, lasts 0 s).
    public var tokenNumber: Int?
    /// The token as written; `nil` when the error is about the whole pattern.
    public var token: String?
    /// Where the underline starts, in characters from the start of the source.
    public var offset: Int
    /// How many characters to underline (at least 1).
    public var length: Int
    /// What is wrong and what is allowed, e.g. "expected a duration with a unit (…)".
    public var message: String

    public init(tokenNumber: Int?, token: String?, offset: Int, length: Int, message: String) {
        self.tokenNumber = tokenNumber
        self.token = token
        self.offset = max(0, offset)
        self.length = max(1, length)
        self.message = message
    }

    /// "token 3 '30q': expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)"
    public var description: String {
        guard let n = tokenNumber, let t = token else { return message }
        return "token \(n) '\(t)': \(message)"
    }

    /// The source and, under it, `^~~~` marking the bad token (or the whole pattern):
    ///
    ///     100% 200ms 0 30q
    ///                  ^~~
    ///
    /// Tabs before the token are kept as tabs so the caret lines up in a terminal.
    public func caretLine(for source: String) -> String {
        var pad = ""
        for (i, c) in source.enumerated() where i < offset {
            pad.append(c == "\t" ? "\t" : " ")
        }
        // A caret past the end (a missing token) still shows one position after the text.
        while pad.count < offset { pad.append(" ") }
        return source + "\n" + pad + "^" + String(repeating: "~", count: length - 1)
    }

    /// The same error with offsets and token numbers moved, for text embedded in a longer
    /// line (a `custom …` canonical form).
    func shifted(tokens: Int, characters: Int) -> PatternSyntaxError {
        PatternSyntaxError(tokenNumber: tokenNumber.map { $0 + tokens }, token: token,
                           offset: offset + characters, length: length, message: message)
    }
}
