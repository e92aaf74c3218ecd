/// What the config reference says about one key: the commented `dist/torch.conf` and
/// the key list of `torch.conf(5)` are generated from these (`ConfigReference`), and
/// `ConfigReferenceTests` checks them against `ConfigSchema` itself: every key has one,
/// its default is the real default, its example parses.
struct ConfigKeyDoc: Sendable {
    /// The `[section]`, e.g. `light`.
    let section: String
    /// The key, e.g. `brightness`.
    let key: String
    /// What it does, in sentences (wrapped by the generator).
    let summary: String
    /// What is allowed, with units: a range (`1% to 100%`) or the choices.
    let allowed: String
    /// The default exactly as the file writes it; nil when the key has none (it is
    /// then shown as an example, `# key = example`).
    let defaultValue: String?
    /// A value that differs from the default, as the file writes it.
    let example: String

    init(_ section: String, _ key: String, _ summary: String, allowed: String, default defaultValue: String?, example: String) {
        self.section = section
        self.key = key
        self.summary = summary
        self.allowed = allowed
        self.defaultValue = defaultValue
        self.example = example
    }
}
