/// Changes keys of a config file's text and nothing else: every other byte (comments,
/// blank lines, other keys, their order) stays as the owner wrote it. What `torch setup`
/// writes to /etc/torch/torch.conf.
public enum ConfigEdit {
    /// One key to set: `[section] key = value`.
    public struct Change: Equatable, Sendable {
        public var section: String
        public var key: String
        public var value: String

        public init(_ section: String, _ key: String, _ value: String) {
            self.section = section
            self.key = key
            self.value = value
        }
    }

    /// `text` with each change made where the key lives: its setting line is rewritten;
    /// else a commented-out line of that key in its section (`#key = …`, `# key = …`,
    /// as dist/torch.conf shows defaults and examples) becomes the setting, so the
    /// explanation above it stays with it; else the line is added at the end of the
    /// section; else the section is added at the end of the file.
    public static func applying(_ changes: [Change], to text: String) -> String {
        var lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        for change in changes { apply(change, to: &lines) }
        return lines.joined(separator: "\n")
    }

    private static func apply(_ change: Change, to lines: inout [String]) {
        let setting = "\(change.key) = \(change.value)"
        var section: String? = nil
        var commented: Int? = nil
        var lastInSection: Int? = nil
        for (i, line) in lines.enumerated() {
            switch ConfigLexer.classify(line) {
            case let .section(name):
                section = name
            case let .entry(key, _) where section == change.section && key == change.key:
                lines[i] = indentation(of: line) + setting + carriageReturn(of: line)
                return
            case .entry where section == change.section:
                lastInSection = i
            case .blank where section == change.section:
                if commented == nil, isCommentedSetting(line, key: change.key) { commented = i }
            default:
                break
            }
        }
        if let i = commented {
            lines[i] = indentation(of: lines[i]) + setting + carriageReturn(of: lines[i])
        } else if let i = lastInSection ?? sectionHeader(change.section, in: lines) {
            lines.insert(setting, at: i + 1)
        } else {
            // A new section at the end, after a blank line; the file keeps ending in a newline.
            let endsWithNewline = lines.last == ""
            if endsWithNewline { lines.removeLast() }
            if let last = lines.last, !last.trimmedASCII.isEmpty { lines.append("") }
            lines += ["[\(change.section)]", setting]
            if endsWithNewline || lines.count == 2 { lines.append("") }
        }
    }

    /// `#key = value` or `# key = value` (or with `;`): a setting shown in a comment.
    static func isCommentedSetting(_ line: String, key: String) -> Bool {
        var t = Substring(line.trimmedASCII)
        guard let first = t.first, first == "#" || first == ";" else { return false }
        t = t.dropFirst()
        if t.first == " " { t = t.dropFirst() }
        guard case let .entry(k, _) = ConfigLexer.classify(String(t)) else { return false }
        return k == key
    }

    private static func sectionHeader(_ name: String, in lines: [String]) -> Int? {
        lines.lastIndex { if case let .section(s) = ConfigLexer.classify($0) { return s == name } else { return false } }
    }

    private static func indentation(of line: String) -> String {
        String(line.prefix { $0 == " " || $0 == "\t" })
    }

    private static func carriageReturn(of line: String) -> String {
        line.hasSuffix("\r") ? "\r" : ""
    }
}
