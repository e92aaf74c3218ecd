import TorchCore

/// The subcommands that ask a running service rather than light: stealth, mode, status.
public enum StealthSubcommand {
    public static let spec = CommandSpec(
        name: "stealth", overview: "Turn the board's own status LEDs dark (on) or back (off), in a running torch service.",
        arguments: [ArgumentSpec(name: "state", help: "on or off.", optional: false)],
        drivesLight: false) { p, _ throws(UsageError) in
        let word = p.positionals.first ?? ""
        do { return .stealth(try BoolSyntax.parse(word)) } catch {
            throw UsageError(message: "<state>: \(error)", command: p.command)
        }
    }
}

/// `torch mode NAME`: the seed's mode buttons choose a pattern without lighting.
public enum ModeSubcommand {
    public static let spec = CommandSpec(
        name: "mode", overview: "Choose a pattern without lighting: a lit torch switches to it, a dark one plays it at its next light.",
        arguments: [ArgumentSpec(name: "name", help: "A pattern name (steady, blink, strobe-slow, sos, breathe, a [pattern.NAME]...) or a pattern as torch status shows it (strobe slow).", optional: false)],
        drivesLight: false) { p, _ throws(UsageError) in
        let name = p.positionals.first ?? ""
        guard !name.isEmpty else { throw UsageError(message: "<name>: expected a pattern name such as sos", command: p.command) }
        return .mode(name: name)
    }
}

public enum StatusSubcommand {
    static let json = Flag("json", help: "Print one JSON object.")
    public static let spec = CommandSpec.query("status", overview: "Show the torch's state: level, pattern, backend, button mode.",
                                               json: json) { .status(json: $0) }
}

extension CommandSpec {
    /// A command that only reports, as text or, with its `--json` flag, as JSON.
    public static func query(_ name: String, overview: String, json: Flag,
                             _ request: @escaping @Sendable (_ json: Bool) -> Request) -> CommandSpec {
        CommandSpec(name: name, overview: overview, options: [json.spec], drivesLight: false) { p, _ throws(UsageError) in
            request(p.isSet(json))
        }
    }
}
