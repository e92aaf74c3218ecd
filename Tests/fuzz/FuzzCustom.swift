/// Custom pattern steps (`torch pattern`, `[pattern.NAME] steps`).
func fuzzCustom(_ bytes: [UInt8]) {
    let input = text(bytes)
    guard let c = try? CustomPatternSyntax.parse(input) else { return }
    guard c.timeline.steps.count <= CustomPatternSyntax.maxSteps else { violated("\(c.timeline.steps.count) steps", input) }
    // The exact formatted form reads back as the same timeline.
    let formatted = CustomPatternSyntax.format(c.timeline)
    guard let again = try? CustomPatternSyntax.parse(formatted), again.timeline == c.timeline else {
        violated("formatted '\(formatted)' does not read back", input)
    }
    checkAccepted(.custom(c), from: input)
}
