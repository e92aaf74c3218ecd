extension String {
    /// True when `word` occurs in this text, byte for byte (UTF-8); an empty `word`
    /// occurs everywhere. Not `String.contains(_:)` with a string argument: that one is
    /// the regex library's (_StringProcessing), and one call links the whole regex
    /// engine into the static binary (`Tests/package/check-deb.sh` refuses a binary
    /// that has it).
    public func includes(_ word: String) -> Bool {
        let text = Array(utf8), w = Array(word.utf8)
        guard w.count <= text.count else { return false }
        for start in 0...(text.count - w.count) where text[start..<(start + w.count)].elementsEqual(w) {
            return true
        }
        return false
    }
}
