/// Every known board profile, and the ways to find one: by id, or by what the machine's
/// device tree says.
public struct BoardCatalog: Equatable, Sendable {
    /// The profiles, sorted by id.
    public var profiles: [BoardProfile]

    public init(profiles: [BoardProfile]) {
        self.profiles = profiles.sorted { $0.id < $1.id }
    }

    /// Parses board files given as (file name, text); the id is the name without
    /// `.board`. Throws every problem in every file, file by file.
    public static func parse(files: [(name: String, text: String)]) throws(BoardFileErrors) -> BoardCatalog {
        var profiles: [BoardProfile] = []
        var errors: [BoardFileError] = []
        for (name, text) in files.sorted(by: { $0.name < $1.name }) {
            let id = name.hasSuffix(".board") ? String(name.dropLast(".board".count)) : name
            do { profiles.append(try BoardProfile.parse(text, id: id, file: name)) } catch {
                errors += error.errors
            }
        }
        guard errors.isEmpty else { throw BoardFileErrors(errors) }
        return BoardCatalog(profiles: profiles)
    }

    /// The ids, sorted.
    public var ids: [String] { profiles.map(\.id) }

    /// The profile with this id (case-insensitive), or an error naming close ids.
    public func lookup(_ id: String) throws(BoardLookupError) -> BoardProfile {
        if let p = profiles.first(where: { $0.id.lowercased() == id.lowercased() }) { return p }
        throw BoardLookupError(name: id, suggestion: ConfigSuggestion.closest(to: id, in: ids), known: ids)
    }

    /// The board this machine is: the first of the machine's `compatible` entries (most
    /// specific first, as the device tree lists them) that a profile claims; else the
    /// profile with the longest `model` prefix of `model`. Nil when nothing matches.
    public func match(compatible: [String], model: String?) -> BoardProfile? {
        for c in compatible {
            if let p = profiles.first(where: { $0.compatible.contains(c) }) { return p }
        }
        guard let model else { return nil }
        var best: (profile: BoardProfile, length: Int)? = nil
        for p in profiles {
            for prefix in p.modelPrefixes where model.hasPrefix(prefix) {
                if prefix.count > (best?.length ?? 0) { best = (p, prefix.count) }
            }
        }
        return best?.profile
    }
}

/// `[board] name` or `--board` names no known board.
public struct BoardLookupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name as given.
    public var name: String
    /// The closest known id, if any is close.
    public var suggestion: String?
    /// Every known id.
    public var known: [String]

    public init(name: String, suggestion: String?, known: [String]) {
        self.name = name
        self.suggestion = suggestion
        self.known = known
    }

    /// "unknown board 'rpi44' (did you mean 'rpi4b'?) — known: cm4, rpi4b, …"
    public var description: String {
        let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
        let list = known.isEmpty ? "no board files were found" : "known: " + known.joined(separator: ", ")
        return "unknown board '\(name)'\(hint); \(list)"
    }
}
