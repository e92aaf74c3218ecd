/// The state file: never fails (defaults and one warning line instead); a file read as
/// saved holds a pattern that keeps every property and encodes back to the same state.
func fuzzState(_ bytes: [UInt8]) {
    let input = text(bytes)
    let loaded = StateFileLoad.load(contents: input, path: "state")
    if let warning = loaded.warning {
        guard !warning.contains("\n"), loaded.state == nil else { violated("warning '\(warning)'", input) }
        return
    }
    guard let state = loaded.state else { violated("no state and no warning", input) }
    checkAccepted(state.pattern, from: input)
    // The brightness is written to four decimals of a percent; everything else exactly.
    guard let back = try? StateFileFormat.decode(StateFileFormat.encode(state)),
          back.pattern == state.pattern, back.buttonMode == state.buttonMode, back.lit == state.lit,
          abs(back.brightness.fraction - state.brightness.fraction) < 1e-6 else {
        violated("re-encoded state does not decode to itself", input)
    }
}
