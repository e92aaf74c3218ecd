/// A user-written pattern: `level duration` pairs, `~` before a level to ramp to it,
/// and an optional repeat count `xN` at the end (default: forever).
/// Example: `100% 200ms 0 300ms ~100% 1s ~0 1s x3`. Read one with
/// `CustomPatternSyntax.parse`, which checks it and points at the bad token.
public struct CustomPattern: Equatable, Sendable {
    /// The text as written (shown in status and kept in the state file).
    public var source: String
    public var timeline: Timeline

    public init(source: String, timeline: Timeline) {
        self.source = source
        self.timeline = timeline
    }
}
