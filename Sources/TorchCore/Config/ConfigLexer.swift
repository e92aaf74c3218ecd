/// One line of an INI-style config file (systemd-unit style), as written.
enum ConfigLine: Equatable {
    /// Empty, or a `#` / `;` comment.
    case blank
    /// `[name]`, with the name trimmed.
    case section(String)
    /// `key = value`, both trimmed; a ` #` comment after the value is dropped.
    case entry(key: String, value: String)
    /// Not one of the above; the message says what was expected.
    case malformed(String)
}

/// Splits config text into numbered lines.
enum ConfigLexer {
    /// Every line with its 1-based number. Splits on `\n` bytes (a `\r\n` pair is one
    /// Swift Character, so splitting Characters would miss it) and drops a trailing `\r`.
    static func lines(of text: String) -> [(number: Int, line: ConfigLine)] {
        var out: [(number: Int, line: ConfigLine)] = []
        var number = 0
        for raw in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
            number += 1
            var s = String(decoding: raw, as: UTF8.self)
            if number == 1, s.hasPrefix("\u{FEFF}") { s.removeFirst() }
            out.append((number, classify(s)))
        }
        return out
    }

    static func classify(_ text: String) -> ConfigLine {
        let t = text.trimmedASCII
        guard let first = t.first else { return .blank }
        if first == "#" || first == ";" { return .blank }
        if first == "[" {
            let t = withoutComment(t).trimmedASCII
            guard t.hasSuffix("]"), t.count >= 2 else {
                return .malformed("expected a section header like '[light]', got '\(EchoedText.bounded(t))'")
            }
            return .section(String(t.dropFirst().dropLast()).trimmedASCII)
        }
        guard let eq = t.firstIndex(of: "=") else {
            return .malformed("expected 'key = value', '[section]' or a comment, got '\(EchoedText.bounded(t))'")
        }
        let key = String(t[..<eq]).trimmedASCII
        guard !key.isEmpty else {
            return .malformed("expected 'key = value', '[section]' or a comment, got '\(EchoedText.bounded(t))'")
        }
        return .entry(key: key, value: withoutComment(String(t[t.index(after: eq)...])).trimmedASCII)
    }

    /// The value without a trailing comment: a `#` at the start or after a space or tab.
    /// A `#` inside a word (`a#b`) is kept.
    static func withoutComment(_ value: String) -> String {
        var previous: Character = " "
        for i in value.indices {
            let c = value[i]
            if c == "#", previous == " " || previous == "\t" { return String(value[..<i]) }
            previous = c
        }
        return value
    }
}
