import TorchCore

extension TorchController {
    /// Several commands as one change (one settle, one status change). With
    /// `patternStart` (an MQTT group command's `"at"`, on this board's monotonic clock),
    /// the lit program's timeline is then anchored at that instant. `transition` is the
    /// command's own (Home Assistant's `"transition"`, seconds).
    public func commands(_ commands: [TorchCommand], from origin: CommandOrigin, at time: Instant,
                         patternStart start: Instant? = nil, transition: Duration? = nil) {
        guard !isStopped else { return }
        for c in commands { machine.handle(c, at: time, transition: transition) }
        if let start { machine.anchorProgram(at: start) }
        lastCommandOrigin = origin
        now = max(now, time)
        settle()
    }
}
