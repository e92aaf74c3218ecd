/// Durations, levels, frequencies, brightness, speeds, on/off words: no trap, and every
/// value read writes back (exactly) as text that reads as the same value.
func fuzzUnits(_ bytes: [UInt8]) {
    let input = text(bytes)
    if let d = try? DurationSyntax.parse(input) {
        guard d >= .zero else { violated("negative duration \(d)", input) }
        _ = DurationSyntax.format(d)
        guard let back = try? DurationSyntax.parse(ExactText.duration(d)), back == d else {
            violated("duration \(d) as '\(ExactText.duration(d))' does not read back", input)
        }
    }
    if let l = try? LevelSyntax.parse(input) {
        guard (0...1).contains(l) else { violated("level \(l)", input) }
        _ = LevelSyntax.format(l)
        guard let back = try? LevelSyntax.parse(ExactText.level(l)), back == l else {
            violated("level \(l) as '\(ExactText.level(l))' does not read back", input)
        }
    }
    if let hz = try? FrequencySyntax.parse(input) {
        _ = FrequencySyntax.format(hz)
        if let p = try? BlinkSpeed.blink(frequency: hz, text: input) { checkAccepted(p, from: input) }
    }
    if let b = try? Brightness.parse(input) { _ = b.description }
    if let s = try? BlinkSpeed.parse(input), let p = BlinkSpeed.pattern(speed: s) { checkAccepted(p, from: input) }
    if let wpm = try? Morse.parseWordsPerMinute(input) {
        let unit = Morse.unit(wordsPerMinute: wpm)
        guard PatternLimits.morseUnits.contains(unit) else { violated("\(wpm) wpm gives unit \(unit)", input) }
    }
    _ = try? BoolSyntax.parse(input)
    _ = DecimalSyntax.parse(input).map { DecimalSyntax.format($0, maxFractionDigits: 3) }
}
