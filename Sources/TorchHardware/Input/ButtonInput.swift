import TorchCore

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
