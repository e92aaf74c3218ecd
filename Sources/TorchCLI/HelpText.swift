import TorchCore

/// Renders help in the shape swift-argument-parser users know: OVERVIEW, USAGE,
/// ARGUMENTS, OPTIONS.
enum HelpText {
    static let version = "torch \(TorchVersion.number)"

    static func root(_ commands: [CommandSpec]) -> String {
        var s = "OVERVIEW: A GPIO/PWM-driven hardware torch: light an LED, run patterns, use a push button.\n\n"
        s += "USAGE: torch <subcommand> [<options>]\n\n"
        s += "OPTIONS:\n"
        s += row("--version", "Show the version.")
        s += row("-h, --help", "Show help information.")
        s += "\nSUBCOMMANDS:\n"
        for c in commands { s += row(c.name, c.overview) }
        s += "\n  See 'torch help <subcommand>' for detailed help.\n"
        return s
    }

    static func usage(_ c: CommandSpec) -> String {
        var parts = ["torch", c.name]
        for a in c.arguments {
            let n = "<\(a.name)>" + (a.variadic ? " ..." : "")
            parts.append(a.optional ? "[\(n)]" : n)
        }
        parts.append("[<options>]")
        return parts.joined(separator: " ")
    }

    static func command(_ c: CommandSpec) -> String {
        var s = "OVERVIEW: \(c.overview)\n\nUSAGE: \(usage(c))\n"
        if !c.arguments.isEmpty {
            s += "\nARGUMENTS:\n"
            for a in c.arguments { s += row("<\(a.name)>", a.help) }
        }
        s += "\nOPTIONS:\n"
        for o in c.options + (c.drivesLight ? CommonOptions.light : []) + CommonOptions.global {
            s += row(label(o), o.help)
        }
        if !c.discussion.isEmpty { s += "\n" + c.discussion + "\n" }
        return s
    }

    static func label(_ o: OptionSpec) -> String {
        var l = o.short.map { "-\($0), " } ?? ""
        l += "--\(o.name)"
        if let v = o.value { l += " <\(v)>" }
        return l
    }

    /// "  label                   help", wrapped onto a new line when the label is long.
    static func row(_ label: String, _ help: String) -> String {
        let width = 26
        let head = "  " + label
        if head.count + 2 > width {
            return head + "\n" + String(repeating: " ", count: width) + help + "\n"
        }
        return head + String(repeating: " ", count: width - head.count) + help + "\n"
    }
}
