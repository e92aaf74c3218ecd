extension TorchConfig {
    /// A front end's section: what the file set in it, or its defaults when it set
    /// nothing there (or the section was not among those parsed).
    public subscript<Section: FrontEndSection>(_ section: Section.Type) -> Section.Settings {
        get { frontEndSettings.values[ObjectIdentifier(section)]?.value as? Section.Settings ?? Section.defaults }
        set { frontEndSettings.values[ObjectIdentifier(section)] = .init(section: section, value: newValue) }
    }
}

/// The settings of front ends' sections, by section type. Equal when every section's
/// settings are, a section never set counting as its defaults.
struct FrontEndSettingsStore: Equatable, Sendable {
    struct Entry: Sendable {
        let section: any FrontEndSection.Type
        let value: any Sendable
    }

    var values: [ObjectIdentifier: Entry] = [:]

    static func == (a: FrontEndSettingsStore, b: FrontEndSettingsStore) -> Bool {
        let ids = Set(a.values.keys).union(b.values.keys)
        return ids.allSatisfy { id in
            guard let section = (a.values[id] ?? b.values[id])?.section else { return true }
            return section.same(a.values[id]?.value, b.values[id]?.value)
        }
    }
}

extension FrontEndSection {
    /// Whether two stored values are the same settings (nil: the defaults).
    static func same(_ a: (any Sendable)?, _ b: (any Sendable)?) -> Bool {
        (a as? Settings ?? defaults) == (b as? Settings ?? defaults)
    }
}
