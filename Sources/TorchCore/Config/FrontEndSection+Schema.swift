extension FrontEndSection {
    /// The section as the parser and the reference take it: each key applied to
    /// `config[Self.self]`.
    static var configSection: ConfigSection {
        ConfigSection(
            name: name,
            keys: keys.map { key in
                ConfigKey(name: key.name) { config, value throws(ValueError) in try key.apply(&config[Self.self], value) }
            },
            intro: intro,
            docs: keys.map { $0.doc(in: name) },
            check: { config, lines in check(config[Self.self], lines: lines) })
    }
}
