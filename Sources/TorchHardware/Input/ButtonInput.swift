import TorchCore

/// Which physical button an edge came from.
public enum ButtonRole: String, Sendable {
    /// The ON button: the composite switch's ON part (tap, hold, double tap, long hold).
    case on
    /// The optional OFF button: any press stops everything.
    case off
}

/// A raw edge from a button line, before debouncing.
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
}

/// A source of button edges the event loop can poll.
public protocol ButtonInput: AnyObject {
    /// Which button this is (ON or OFF).
    var role: ButtonRole { get }

    /// A file descriptor that becomes readable (POLLIN) when edges are waiting.
    var pollDescriptor: Int32 { get }

    /// Reads every waiting edge (non-blocking), oldest first. Throws on a hardware
    /// error; a gap in sequence numbers is reported through `lostEvents`.
    func readEdges() throws(HardwareError) -> [ButtonEdge]

    /// Events the kernel dropped since the last call (sequence-number gaps).
    func takeLostEventCount() -> Int

    /// The button's current level (true = pressed), read from the line, used to
    /// resynchronise after lost events.
    func isPressed() throws(HardwareError) -> Bool

    /// Releases the line(s). Idempotent.
    func close()
}
