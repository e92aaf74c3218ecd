/// One key of a front end's section: its name, how its value lands in the section's
/// settings, and its entry in the config reference (the same fields as a built-in key's
/// `ConfigKeyDoc`; the section's name is added where the reference is made).
public struct SectionKey<Settings>: Sendable {
    public typealias Apply = @Sendable (inout Settings, String) throws(ValueError) -> Void

    public let name: String
    let apply: Apply
    /// Its doc, its section filled in by `doc(in:)`.
    private let doc: ConfigKeyDoc

    /// `summary`: what it does, in sentences; `allowed`: what is allowed, with units;
    /// `default`: as the file writes it, nil when it has none; `example`: a value other
    /// than the default; `apply`: parses the value into the settings (a `ValueError`
    /// becomes the usual `key: 'value' is not valid: expected …` line).
    public init(_ name: String, _ summary: String, choices: [ConfigTerm] = [], allowed: String,
                default defaultValue: String?, example: String, apply: @escaping Apply) {
        self.name = name
        self.apply = apply
        doc = ConfigKeyDoc("", name, summary, choices: choices, allowed: allowed, default: defaultValue, example: example)
    }

    /// Its entry in the reference, under `section`.
    func doc(in section: String) -> ConfigKeyDoc {
        var doc = doc
        doc.section = section
        return doc
    }
}
