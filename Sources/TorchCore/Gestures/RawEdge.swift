/// One raw edge of a button line, before debouncing: the core's own form of the
/// hardware layer's `ButtonEdge` (the core cannot import the hardware layer).
public struct RawEdge: Equatable, Sendable {
    /// True when the contact closed (button down), false when it opened.
    public var pressed: Bool
    /// When the edge happened, on the monotonic clock (kernel edge timestamps use it too).
    public var at: Instant

    public init(pressed: Bool, at: Instant) {
        self.pressed = pressed
        self.at = at
    }
}
