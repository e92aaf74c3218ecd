import TorchCore

/// The subcommands that ask rather than light: stealth (of a running service), status,
/// boards, probe, boot-line.
enum StealthSubcommand {
    static let spec = CommandSpec(
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
enum ModeSubcommand {
    static let spec = CommandSpec(
        name: "mode", overview: "Choose a pattern without lighting: a lit torch switches to it, a dark one plays it at its next light.",
        arguments: [ArgumentSpec(name: "name", help: "A pattern name (steady, blink, strobe-slow, sos, breathe, a [pattern.NAME]...) or a pattern as torch status shows it (strobe slow).", optional: false)],
        drivesLight: false) { p, _ throws(UsageError) in
        let name = p.positionals.first ?? ""
        guard !name.isEmpty else { throw UsageError(message: "<name>: expected a pattern name such as sos", command: p.command) }
        return .mode(name: name)
    }
}

enum StatusSubcommand {
    static let json = Flag("json", help: "Print one JSON object.")
    static let spec = CommandSpec.query("status", overview: "Show the torch's state: level, pattern, backend, button mode.",
                                        json: json) { .status(json: $0) }
}

enum BoardsSubcommand {
    static let json = Flag("json", help: "Print JSON.")
    static let spec = CommandSpec.query("boards", overview: "List the known boards: header pins, PWM-capable pins, suggested wiring.",
                                        json: json) { .boards(json: $0) }
}

enum ProbeSubcommand {
    static let json = Flag("json", help: "Print JSON.")
    static let spec = CommandSpec.query("probe", overview: "Show what this machine has and what --backend auto would choose.",
                                        json: json) { .probe(json: $0) }
}

extension CommandSpec {
    /// A command that only reports, as text or, with its `--json` flag, as JSON.
    static func query(_ name: String, overview: String, json: Flag,
                      _ request: @escaping @Sendable (_ json: Bool) -> Request) -> CommandSpec {
        CommandSpec(name: name, overview: overview, options: [json.spec], drivesLight: false) { p, _ throws(UsageError) in
            request(p.isSet(json))
        }
    }
}

enum BootLineSubcommand {
    static let spec = CommandSpec(
        name: "boot-line", overview: "Print the Raspberry Pi config.txt line that lights the LED pin from power-on.",
        discussion: """
        From the config's [board] name (auto: detected) and [output] line and active-low
        (without a line, the board's suggested LED pin). Add the line to
        /boot/firmware/config.txt: the firmware drives the pin at its lit level before
        Linux runs, and torch run takes the line over at that level when its start is lit.
        """,
        drivesLight: false) { _, _ throws(UsageError) in
        .bootLine
    }
}
