import TorchCore

extension TorchController {
    /// Several commands as one change (one settle, one status change). With
    /// `patternStart` (an MQTT group command's `"at"`, on this board's monotonic clock),
    /// the lit program's timeline is then anchored at that instant.
    public func commands(_ commands: [TorchCommand], from origin: CommandOrigin, at time: Instant, patternStart start: Instant? = nil) {
        guard !isStopped else { return }
        for c in commands { machine.handle(c, at: time) }
        if let start { machine.anchorProgram(at: start) }
        lastCommandOrigin = origin
        now = max(now, time)
        settle()
    }
}
