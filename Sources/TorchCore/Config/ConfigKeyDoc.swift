/// What the config reference says about one key: the commented `dist/torch.conf` and
/// the key list of `torch.conf(5)` are generated from these (`ConfigReference`), and
/// `ConfigReferenceTests` checks them against `ConfigSchema` itself: every key has one,
/// its default is the real default, its example and every choice parse.
struct ConfigKeyDoc: Sendable {
    /// The `[section]`, e.g. `light` (a front end's key gets it from its section).
    var section: String
    /// The key, e.g. `brightness`.
    let key: String
    /// What it does, in sentences (wrapped by the generator).
    let summary: String
    /// Choices explained one by one (a table after the summary); empty for most keys.
    let choices: [ConfigTerm]
    /// What is allowed, with units: a range (`1% to 100%`) or the choices.
    let allowed: String
    /// The default exactly as the file writes it; nil when the key has none (it is
    /// then shown as an example, `# key = example`).
    let defaultValue: String?
    /// A value that differs from the default, as the file writes it.
    let example: String
    /// A key of a family its section's intro explains (`[gestures]`' 1c…10h): the file
    /// shows only its default line, the man page its summary and default.
    let brief: Bool

    init(_ section: String, _ key: String, _ summary: String, choices: [ConfigTerm] = [], allowed: String,
         default defaultValue: String?, example: String, brief: Bool = false) {
        self.section = section
        self.key = key
        self.summary = summary
        self.choices = choices
        self.allowed = allowed
        self.defaultValue = defaultValue
        self.example = example
        self.brief = brief
    }
}

/// One entry of a table in the reference: a choice of a key, or an action of
/// `[gestures]` (`name` may list several, "on, off").
public struct ConfigTerm: Sendable {
    public let name: String
    public let text: String

    public init(_ name: String, _ text: String) {
        self.name = name
        self.text = text
    }
}

/// The opening lines of a `[section]` in the reference, with an optional table.
public struct ConfigSectionIntro: Sendable {
    public let text: String
    public let terms: [ConfigTerm]

    public init(_ text: String, terms: [ConfigTerm] = []) {
        self.text = text
        self.terms = terms
    }
}
