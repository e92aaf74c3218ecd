/// One option a command accepts.
struct OptionSpec {
    /// Long name without dashes, e.g. "speed".
    var name: String
    /// Placeholder for its value, e.g. "duration"; nil for a flag.
    var value: String?
    var help: String
    var short: Character? = nil
}

/// One positional argument.
struct ArgumentSpec {
    var name: String
    var help: String
    var optional: Bool
    /// Takes every remaining word (e.g. Morse text).
    var variadic: Bool = false
}

/// A subcommand: what it does, what it takes. Help text is rendered from this, so the
/// help, the usage line and the parser never disagree.
struct CommandSpec {
    var name: String
    var overview: String
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    /// Extra paragraphs after OPTIONS (examples, notes).
    var discussion: String = ""
    /// Whether the common light options (--backend, --trace, --for, …) apply.
    var drivesLight: Bool = true
}
