/// A flash (Home Assistant's `"flash"`): a pattern shown for a while over whatever the
/// light was doing, which comes back when it ends or a press or command cuts it short —
/// the readout's way. It is not a choice: lit, pattern and brightness are left as they
/// are, so nothing of it is saved, and a crash during it restarts in the owner's state.
extension TorchStateMachine {
    /// Plays `pattern` from `time` for `length` at the level now (the Simple UI's cap
    /// applies), dark or lit before; then the light is as it was. False (nothing shown)
    /// while the sleep fade or the sunset timer owns the program.
    @discardableResult
    public mutating func showFlash(_ pattern: Pattern, for length: Duration, at time: Instant) -> Bool {
        runTimers(upTo: time)
        let t = now
        guard fadeEnd == nil, sunset == nil, length > .zero else { return false }
        wantsReadout = false
        enter(FlashOrReadout(program: LightProgram(timeline: pattern.timeline(), brightness: min(brightness, ceilingCap), startedAt: t),
                             end: t + length), at: t)
        reportChanges()
        return true
    }
}
