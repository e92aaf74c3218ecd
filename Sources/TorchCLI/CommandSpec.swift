/// One option a command accepts, as help shows it and the parser matches it.
public struct OptionSpec: Sendable {
    /// Long name without dashes, e.g. "speed".
    public var name: String
    /// Placeholder for its value, e.g. "duration"; nil for a flag.
    public var value: String?
    public var help: String
    public var short: Character? = nil
}

/// One positional argument.
public struct ArgumentSpec: Sendable {
    public var name: String
    public var help: String
    public var optional: Bool
    /// Takes every remaining word (e.g. Morse text).
    public var variadic: Bool = false

    public init(name: String, help: String, optional: Bool, variadic: Bool = false) {
        self.name = name
        self.help = help
        self.optional = optional
        self.variadic = variadic
    }
}

/// A subcommand: what it does, what it takes, and how its checked request is built.
/// Help text is rendered from this, so the help, the usage line and the parser never
/// disagree; the builder reads the options by the typed keys the spec lists.
public struct CommandSpec: Sendable {
    public var name: String
    public var overview: String
    public var arguments: [ArgumentSpec] = []
    public var options: [OptionSpec] = []
    /// Extra paragraphs after OPTIONS (examples, notes).
    public var discussion: String = ""
    /// Whether the common light options (--backend, --trace, --for, …) apply.
    public var drivesLight: Bool = true
    /// Builds the request from the parsed arguments and the common light options
    /// (already read when `drivesLight`); every bad value is a usage error.
    var request: @Sendable (ParsedArguments, LightOptions) throws(UsageError) -> Request

    public init(name: String, overview: String, arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
                discussion: String = "", drivesLight: Bool = true,
                request: @escaping @Sendable (ParsedArguments, LightOptions) throws(UsageError) -> Request) {
        self.name = name
        self.overview = overview
        self.arguments = arguments
        self.options = options
        self.discussion = discussion
        self.drivesLight = drivesLight
        self.request = request
    }
}

extension [CommandSpec] {
    /// The subcommand called `name`, if one is.
    func named(_ name: String) -> CommandSpec? { first { $0.name == name } }
}
