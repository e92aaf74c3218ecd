/// Canonical pattern text (the control socket's `spec`, the state file's `pattern`).
func fuzzPattern(_ bytes: [UInt8]) {
    let input = text(bytes)
    guard let p = try? Pattern.parseCanonical(input) else { return }
    checkAccepted(p, from: input)
}
