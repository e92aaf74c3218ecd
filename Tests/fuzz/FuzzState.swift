/// The state file: never fails (defaults and one warning line instead); a file read as
/// saved holds a pattern that keeps every property and encodes back to the same record.
func fuzzState(_ bytes: [UInt8]) {
    let input = text(bytes)
    let defaults = StateRecord(brightness: .full, pattern: "steady", buttonMode: "smart", lit: false)
    let loaded = StateFileLoad.load(contents: input, path: "state", defaults: defaults)
    if let warning = loaded.warning {
        guard !warning.contains("\n"), loaded.record == defaults else { violated("warning '\(warning)'", input) }
        return
    }
    guard let p = try? Pattern.parseCanonical(loaded.record.pattern) else {
        violated("loaded pattern '\(loaded.record.pattern)' does not parse", input)
    }
    checkAccepted(p, from: input)
    guard (try? StateFileFormat.decode(StateFileFormat.encode(loaded.record))) != nil else {
        violated("re-encoded record does not decode", input)
    }
}
