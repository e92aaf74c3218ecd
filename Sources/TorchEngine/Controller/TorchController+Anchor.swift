import TorchCore

extension TorchController {
    /// Several commands as one change (one settle, one status change). With
    /// `patternStart` (an MQTT group command's `"at"`, on this board's monotonic clock),
    /// the lit program's timeline is then anchored at that instant. `transition` is the
    /// command's own (Home Assistant's `"transition"`, seconds). Nil when carried out,
    /// else why a remote front end may not (none of them is carried out).
    @discardableResult
    func commands(_ commands: [TorchCommand], from origin: CommandOrigin, at time: Instant,
                  patternStart start: Instant? = nil, transition: Duration? = nil) -> ControlError? {
        guard !isStopped else { return nil }
        if let refusal = remoteRefusal(commands, from: origin, at: time, transition: transition) { return refusal }
        for c in commands { machine.handle(c, at: time, transition: transition) }
        if let start { machine.anchorProgram(at: start) }
        lastCommandOrigin = origin
        now = max(now, time)
        settle()
        return nil
    }
}
