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
        a.changedSections(comparedTo: b).isEmpty
    }

    /// The sections whose settings differ from `other`'s, as `[name]`, sorted.
    func changedSections(comparedTo other: FrontEndSettingsStore) -> [String] {
        let ids = Set(values.keys).union(other.values.keys)
        return ids.compactMap { id -> String? in
            guard let section = (values[id] ?? other.values[id])?.section else { return nil }
            return section.same(values[id]?.value, other.values[id]?.value) ? nil : "[\(section.name)]"
        }.sorted()
    }
}

extension FrontEndSection {
    /// Whether two stored values are the same settings (nil: the defaults).
    static func same(_ a: (any Sendable)?, _ b: (any Sendable)?) -> Bool {
        (a as? Settings ?? defaults) == (b as? Settings ?? defaults)
    }
}
