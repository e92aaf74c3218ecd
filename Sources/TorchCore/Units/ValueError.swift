/// A value that could not be parsed or is out of range. It names the value and what is
/// allowed; the caller adds the place (command-line option, `file:line` key, pin).
public struct ValueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text exactly as the user wrote it.
    public var value: String
    /// What is allowed, e.g. "a duration with a unit: 10us, 20ms, 1.5s, 30min".
    public var allowed: String

    public init(value: String, allowed: String) {
        self.value = value
        self.allowed = allowed
    }

    /// "'30q' is not valid: expected a duration with a unit (10us, 20ms, 1.5s, 30min)"
    /// The value is bounded and its control characters escaped (`EchoedText`).
    public var description: String { "'\(EchoedText.bounded(value))' is not valid: expected \(allowed)" }
}
