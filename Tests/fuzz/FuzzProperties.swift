// The properties every accepted pattern keeps, whichever parser accepted it.

/// An accepted pattern: within the limits, a timeline whose every step is too, a finite
/// repetition, an exact round trip through its canonical text and the state file, and
/// a cursor that returns at every instant.
func checkAccepted(_ p: Pattern, from input: String) {
    do { try p.checkLimits() } catch { violated("accepted but outside the limits: \(error)", input) }
    let timeline = p.timeline()
    do { try PatternLimits.check(timeline) } catch { violated("timeline outside the limits: \(error)", input) }
    if !timeline.isSteady {
        guard timeline.period > .zero, timeline.period <= PatternLimits.maximumCycle else {
            violated("repetition of \(timeline.period)", input)
        }
    }
    let canonical = p.canonicalText
    guard let back = try? Pattern.parseCanonical(canonical), back == p else {
        violated("canonical text '\(canonical)' does not read back", input)
    }
    let record = PersistentState(brightness: .full, pattern: p, buttonMode: .smart, lit: true)
    let loaded = StateFileLoad.load(contents: StateFileFormat.encode(record), path: "state")
    guard loaded.warning == nil, loaded.state == record else {
        violated("state file round trip: \(loaded.warning ?? "different record")", input)
    }
    checkSampling(timeline, input: input)
}

/// Sampling returns at every instant (near 0, at boundaries, near 292 years), with a
/// level in 0…1 and a next boundary not before the instant.
func checkSampling(_ timeline: Timeline, input: String) {
    let period = timeline.period.nanoseconds
    let instants: [Int64] = [0, 1, period &- 1, period, period &+ 1, period.saturatingMultiplied(by: 3) &+ 7,
                             1 << 40, 1 << 62, Int64.max / 2, Int64.max - 1, Int64.max]
    var cursor = TimelineCursor(timeline)
    for t in instants.filter({ $0 >= 0 }).sorted() {
        let s = cursor.sample(at: t)
        var fresh = TimelineCursor(timeline)
        let direct = fresh.sample(at: t)
        guard s == direct else { violated("sample at \(t) depends on the path: \(s) vs \(direct)", input) }
        guard s.level >= 0, s.level <= 1 else { violated("level \(s.level) at \(t)", input) }
        if let b = s.nextBoundary, b < t { violated("boundary \(b) before \(t)", input) }
    }
}

/// Error lines a file's parser gives: each one line, with no control character (a
/// value from the file is echoed escaped, so it cannot drive the terminal).
func checkErrorLines(_ lines: [String], from input: String) {
    for line in lines where line.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) {
        violated("an error line with a control character: \(line.debugDescription)", input)
    }
}
