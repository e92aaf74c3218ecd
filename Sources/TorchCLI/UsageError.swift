/// A command line that cannot be run as written: exit 64 with the usage line.
public struct UsageError: Error, Sendable {
    public var message: String
    /// The subcommand whose usage to print, if known.
    public var command: CommandSpec?

    public init(message: String, command: CommandSpec?) {
        self.message = message
        self.command = command
    }
}
