/// Words as a sentence lists choices: `a`, `a or b`, `a, b or c` (no serial comma).
public enum WordList {
    public static func or(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
