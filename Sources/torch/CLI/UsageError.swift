/// A command line that cannot be run as written: exit 64 with the usage line.
struct UsageError: Error {
    var message: String
    /// The subcommand whose usage to print, if known.
    var command: CommandSpec?
}
