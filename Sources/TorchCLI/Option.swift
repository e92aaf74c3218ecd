import TorchCore

/// An option that takes a value, declared once with its spec (name, placeholder, help)
/// and how its text becomes a `Value`. Requests read it back by this key
/// (`ParsedArguments.value(_:)`), so a misspelt option does not compile.
public struct Option<Value>: Sendable {
    public let spec: OptionSpec
    let parse: @Sendable (String) throws(ValueError) -> Value

    public init(_ name: String, value: String, help: String, parse: @escaping @Sendable (String) throws(ValueError) -> Value) {
        spec = OptionSpec(name: name, value: value, help: help)
        self.parse = parse
    }
}

extension Option where Value == String {
    /// An option whose value is used as written (a path, a chip or line name).
    public init(_ name: String, value: String, help: String) {
        self.init(name, value: value, help: help) { (t: String) throws(ValueError) in t }
    }
}

/// An option without a value: given or not.
public struct Flag: Sendable {
    public let spec: OptionSpec

    public init(_ name: String, help: String, short: Character? = nil) {
        spec = OptionSpec(name: name, value: nil, help: help, short: short)
    }
}
