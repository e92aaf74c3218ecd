import TorchCore

/// What the command line asks for before parsing any values.
enum Invocation {
    case help(String)
    case version
    case run(ParsedArguments)
}

/// Splits `torch <subcommand> [options] [arguments]` into parts: known options only,
/// each with its value; `--` ends options. `commands` are every subcommand, in the
/// order help lists them.
enum ArgumentParser {
    static func parse(_ args: [String], commands: [CommandSpec]) throws(UsageError) -> Invocation {
        guard let first = args.first else { return .help(HelpText.root(commands)) }
        switch first {
        case "-h", "--help": return .help(HelpText.root(commands))
        case "--version": return .version
        case "help":
            guard args.count > 1 else { return .help(HelpText.root(commands)) }
            guard let c = commands.named(args[1]) else { throw unknownCommand(args[1], commands) }
            return .help(HelpText.command(c))
        default: break
        }
        if first.hasPrefix("-") {
            throw UsageError(message: "expected a subcommand before '\(EchoedText.bounded(first))'", command: nil)
        }
        guard let spec = commands.named(first) else { throw unknownCommand(first, commands) }
        let known = spec.options + (spec.drivesLight ? CommonOptions.light : []) + CommonOptions.global
        var parsed = ParsedArguments(command: spec)
        var i = 1
        var optionsEnded = false
        while i < args.count {
            let a = args[i]
            i += 1
            if optionsEnded || !a.hasPrefix("-") || a == "-" || isNegativeNumber(a) {
                parsed.positionals.append(a)
                continue
            }
            if a == "--" { optionsEnded = true; continue }
            if a == "-h" || a == "--help" { return .help(HelpText.command(spec)) }
            var name = String(a.drop(while: { $0 == "-" }))
            var inline: String? = nil
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = known.first(where: { $0.name == name }) else {
                var msg = "unknown option '\(EchoedText.bounded(a))'"
                if let s = ConfigSuggestion.closest(to: name, in: known.map(\.name)) { msg += " (did you mean '--\(s)'?)" }
                throw UsageError(message: msg, command: spec)
            }
            if option.value == nil {
                if inline != nil { throw UsageError(message: "--\(name) takes no value", command: spec) }
                parsed.flags.insert(name)
                continue
            }
            if parsed.values[name] != nil {
                throw UsageError(message: "--\(name) given twice", command: spec)
            }
            if let inline {
                parsed.values[name] = inline
            } else {
                guard i < args.count else {
                    throw UsageError(message: "--\(name) needs a value (<\(option.value ?? "value")>)", command: spec)
                }
                parsed.values[name] = args[i]
                i += 1
            }
        }
        try checkPositionals(parsed)
        return .run(parsed)
    }

    private static func checkPositionals(_ p: ParsedArguments) throws(UsageError) {
        let specs = p.command.arguments
        let required = specs.filter { !$0.optional }.count
        if p.positionals.count < required, let missing = specs.first(where: { !$0.optional }) {
            throw UsageError(message: "missing <\(missing.name)>", command: p.command)
        }
        if specs.last?.variadic != true, p.positionals.count > specs.count {
            throw UsageError(message: "unexpected argument '\(EchoedText.bounded(p.positionals[specs.count]))'", command: p.command)
        }
    }

    private static func unknownCommand(_ name: String, _ commands: [CommandSpec]) -> UsageError {
        var msg = "unknown subcommand '\(EchoedText.bounded(name))'"
        if let s = ConfigSuggestion.closest(to: name, in: commands.map(\.name)) { msg += " (did you mean '\(s)'?)" }
        return UsageError(message: msg, command: nil)
    }

    private static func isNegativeNumber(_ s: String) -> Bool {
        s.count > 1 && s.first == "-" && s.dropFirst().allSatisfy { $0.isNumber || $0 == "." || $0 == "%" }
    }
}
