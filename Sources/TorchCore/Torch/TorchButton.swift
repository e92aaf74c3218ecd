/// Which button a gesture came from (the hardware layer's `ButtonRole`, seen by the core).
public enum TorchButton: String, Sendable, CustomStringConvertible {
    /// The ON button: the composite switch.
    case on
    /// The optional OFF button: any press stops everything.
    case off

    public var description: String { rawValue }
}
