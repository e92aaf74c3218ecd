/// A JSON value (RFC 8259) as the control socket reads and writes it. Objects keep their
/// members in order so replies read the same every time (golden tests, people).
public enum JSONValue: Equatable, Sendable {
    case object([JSONMember])
    case array([JSONValue])
    case string(String)
    /// Every JSON number, as a double (the protocol's numbers are levels and seconds).
    case number(Double)
    /// A number written with exactly `fractionDigits` decimals (`1.50`): bench
    /// figures, whose precision is part of what they say. The parser never makes one.
    case decimal(Double, fractionDigits: Int)
    case bool(Bool)
    case null

    /// The member called `key` of an object; nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case let .string(s) = self { return s }
        return nil
    }

    /// The number, when this is one.
    public var numberValue: Double? {
        switch self {
        case let .number(n), let .decimal(n, _): n
        default: nil
        }
    }

    /// The boolean, when this is one.
    public var boolValue: Bool? {
        if case let .bool(b) = self { return b }
        return nil
    }

    /// What kind of value this is, for error messages: "a string", "an object"…
    public var kindName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number, .decimal: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
