/// A byte stream or packet that breaks MQTT 3.1.1: the connection must be closed
/// (section 4.8: "the receiver MUST close the Network Connection"). One line for the log.
public struct MQTTProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
