/// Which physical button an edge or a gesture came from: the one button role type of the
/// hardware layer, the controller and the state machine.
public enum ButtonRole: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The ON button: the composite switch's ON part (tap, hold, double tap, long hold).
    case on
    /// The optional OFF button: any press stops everything.
    case off

    public var description: String { rawValue }
}

/// A raw edge from a button line, before debouncing, with its role and the kernel's
/// sequence number (the controller's input from every button front end).
public struct ButtonEdge: Equatable, Sendable {
    public var role: ButtonRole
    /// True when the button went down (pressed), false when it came up.
    public var pressed: Bool
    /// Kernel timestamp on CLOCK_MONOTONIC (or the simulated clock).
    public var at: Instant
    /// The kernel's sequence number for this line's events (0 when the source has none).
    public var sequence: UInt64

    public init(role: ButtonRole, pressed: Bool, at: Instant, sequence: UInt64 = 0) {
        self.role = role
        self.pressed = pressed
        self.at = at
        self.sequence = sequence
    }

    /// The edge as the gesture recognizer takes it.
    public var raw: RawEdge { RawEdge(pressed: pressed, at: at) }
}
