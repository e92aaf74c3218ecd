import TorchCore

/// What one command line comes to, before anything runs: the `torch` executable prints
/// or runs it and exits with the code; the tests call it in process.
public enum CommandLineOutcome: Sendable {
    /// Help or the version: this text on stdout, exit 0.
    case print(String)
    /// A usage error: this text on stderr, exit 64.
    case usageError(String)
    /// A checked request to run.
    case run(Request, GlobalOptions)
}

extension CommandLineOutcome {
    /// Parses `args` (without the program name) against `commands` (every subcommand,
    /// in the order `torch --help` lists them) and builds the request.
    public static func interpret(_ args: [String], commands: [CommandSpec]) -> CommandLineOutcome {
        do {
            switch try ArgumentParser.parse(args, commands: commands) {
            case let .help(text): return .print(text)
            case .version: return .print(HelpText.version + "\n")
            case let .run(parsed):
                let (request, global) = try Request.from(parsed)
                return .run(request, global)
            }
        } catch {
            return .usageError(text(of: error))
        }
    }

    /// A usage error found after parsing (a name only the config's pattern library
    /// knows): the same text, for `command`.
    public static func usageErrorText(_ message: String, command: CommandSpec) -> String {
        text(of: UsageError(message: message, command: command))
    }

    /// "torch: error: WHAT", the usage line and where to find help.
    static func text(of error: UsageError) -> String {
        var text = "torch: error: \(echoSafe(error.message))\n"
        if let c = error.command {
            text += "Usage: \(HelpText.usage(c))\n  See 'torch \(c.name) --help'.\n"
        } else {
            text += "Usage: torch <subcommand> [<options>]\n  See 'torch --help'.\n"
        }
        return text
    }

    /// The longest line of an error message, in characters: room for a caret under a
    /// long pattern, not for a 100 kB argument echoed whole.
    static let maximumLineLength = 400

    /// Every line of a message with control characters escaped and cut at
    /// `maximumLineLength`: whatever the user typed may be echoed in it.
    static func echoSafe(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { EchoedText.bounded(String($0), limit: maximumLineLength) }
            .joined(separator: "\n")
    }
}
