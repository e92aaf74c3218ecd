/// "Did you mean …?" for misspelt keys and sections.
public enum ConfigSuggestion {
    /// The closest candidate: edit distance ≤ 2 (transpositions count once) and at most
    /// half the longer word's length, compared case-insensitively, else the shortest
    /// candidate that starts with `word` (at least three characters, so `hold` finds
    /// `hold-time`). Nil when nothing is close.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let w = word.lowercased()
        var best: (name: String, distance: Int)? = nil
        for c in candidates {
            let d = distance(w, c.lowercased())
            // More than half the letters changed is another word, not a typo ('foo' is not 'on').
            guard d <= 2, 2 * d <= max(w.count, c.count) else { continue }
            if best.map({ d < $0.distance }) ?? true { best = (c, d) }
        }
        if let best { return best.name }
        guard w.count >= 3 else { return nil }
        // Of several keys that start alike, the shortest is the likeliest abbreviation.
        return candidates.filter { $0.lowercased().hasPrefix(w) }.min { $0.count < $1.count }
    }

    /// Optimal-string-alignment distance (Damerau–Levenshtein without repeated edits
    /// of one substring): insertions, deletions, substitutions and adjacent swaps.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }
}
