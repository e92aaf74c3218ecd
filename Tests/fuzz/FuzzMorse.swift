/// Morse: the text (`torch morse TEXT`), a unit or words-per-minute from the first line.
func fuzzMorse(_ bytes: [UInt8]) {
    let input = text(bytes)
    let lines = input.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let head = lines.first.map(String.init) ?? ""
    let message = lines.count > 1 ? String(lines[1]) : head
    _ = Morse.unsupportedCharacters(in: message)
    guard (try? Morse.validate(message)) != nil else { return }
    var units: [Duration] = [Morse.defaultSOSUnit]
    if let unit = try? DurationSyntax.parse(head) { units.append(unit) }
    if let wpm = try? Morse.parseWordsPerMinute(head) { units.append(Morse.unit(wordsPerMinute: wpm)) }
    for unit in units {
        let p = Pattern.morse(text: message, unit: unit)
        if (try? p.checkLimits()) != nil { checkAccepted(p, from: input) }
        // As the control socket reads it.
        if let q = try? Pattern.parseCanonical("morse \(ExactText.duration(unit)) \(message)") {
            checkAccepted(q, from: input)
        }
    }
}
