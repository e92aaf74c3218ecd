import TorchCore

/// A command line split into its parts, before any value is interpreted. Values are
/// read through the command's typed `Option` and `Flag` keys.
public struct ParsedArguments: Sendable {
    public var command: CommandSpec
    /// Option values by long name (`--speed 0.3` and `--speed=0.3` alike): the parser's.
    var values: [String: String] = [:]
    var flags: Set<String> = []
    public var positionals: [String] = []

    init(command: CommandSpec) { self.command = command }

    /// The option's value, or nil when absent; a bad value is a usage error naming the
    /// option, the value and what is allowed.
    public func value<V>(_ option: Option<V>) throws(UsageError) -> V? {
        guard let text = values[option.spec.name] else { return nil }
        do {
            return try option.parse(text)
        } catch {
            throw UsageError(message: "--\(option.spec.name): \(error)", command: command)
        }
    }

    /// Whether the flag was given.
    public func isSet(_ flag: Flag) -> Bool { flags.contains(flag.spec.name) }

    /// The option's text as written (for messages that quote it).
    public func text<V>(_ option: Option<V>) -> String? { values[option.spec.name] }

    /// The text given for an option known only by name at run time (a pattern limit
    /// names the parameter it checked).
    func text(optionNamed name: String) -> String? { values[name] }
}
