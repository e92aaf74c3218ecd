/// What a service process takes over from the one before it (`HandoverRecord`): the
/// light as it was, lit or dark as it was (not as the start rule says: a restart is not a
/// boot), playing from the same time zero, so a pattern goes on in phase.
public struct Resumption: Equatable, Sendable {
    /// The light's state at the hand-over (brightness, pattern, lit, button mode…).
    public var state: PersistentState
    /// The playing program's time zero, CLOCK_MONOTONIC: the same clock in every
    /// process of one boot, so the next process finds where the pattern is.
    public var origin: Instant

    public init(state: PersistentState, origin: Instant) {
        self.state = state
        self.origin = origin
    }
}
