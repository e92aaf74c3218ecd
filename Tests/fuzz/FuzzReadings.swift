/// The effects' and the readout's other inputs: /proc/loadavg and thermal `temp` text
/// (the machine's files), and `torch readout`'s argument. Properties: a load average
/// read is finite and ≥ 0 and gives a heartbeat period of 300…1260 ms within the
/// limits; a temperature is within ±1000 °C; an accepted readout stays within the
/// limits and its blink train reads back as its own text.
func fuzzReadings(_ bytes: [UInt8]) {
    let input = text(bytes)
    if let load = MachineReadings.loadAverage(input) {
        guard load.isFinite, load >= 0 else { violated("load average \(load)", input) }
        let period = Heartbeat.period(loadAverage: load)
        guard period >= .milliseconds(300), period <= .milliseconds(1260) else { violated("heartbeat period \(period)", input) }
        do { try PatternLimits.check(Heartbeat.timeline(loadAverage: load)) } catch {
            violated("heartbeat outside the limits: \(error)", input)
        }
    }
    if let c = MachineReadings.celsius(millidegrees: input), !(-1000...1000).contains(c) {
        violated("temperature \(c) °C", input)
    }
    guard case let .number(readout)? = try? ReadoutSource.parse(input) else { return }
    checkAccepted(.readout(readout), from: input)
    var changes: [(ns: Int64, level: Double)] = []
    var at: Int64 = 0
    for _ in 0..<2 {
        for s in readout.timeline.steps {
            changes.append((at, s.level))
            at += s.duration.nanoseconds
        }
    }
    changes.append((at, 1))
    let back = ReadoutDecoder.decode(ReadoutDecoder.blinks(changes))
    guard back == [readout.text, readout.text] else { violated("readout reads back as \(back)", input) }
}
