/// A request the service will not carry out: one line naming the value and what is
/// allowed, sent back as `{"ok":false,"error":"…"}`.
public struct ControlError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The one-line message (no newline).
    public var message: String
    /// The request's `"id"`, when it could be read, so the reply can echo it.
    public var id: JSONValue?

    public init(_ message: String, id: JSONValue? = nil) {
        self.message = message
        self.id = id
    }

    public var description: String { message }
}
