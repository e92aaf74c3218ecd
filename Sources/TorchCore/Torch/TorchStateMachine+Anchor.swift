/// A group command's pattern start: the program's time zero moved to an agreed instant.
extension TorchStateMachine {
    /// Starts the current program's timeline at `start` (CLOCK_MONOTONIC) instead of
    /// when the command arrived, so boards given the same wall-clock instant play in
    /// phase. A start in the future leaves the output as it is until then; one in the
    /// past joins the pattern where it would be by now. Dark: nothing to anchor.
    public mutating func anchorProgram(at start: Instant) {
        guard lit, fadeEnd == nil else { return }
        modes.anchor(at: start)
    }
}
