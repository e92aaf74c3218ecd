/// Why a named pattern could not be set up or found.
public enum PatternLibraryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No pattern has this name; `suggestion` is the closest name, if any is close.
    case unknownName(String, suggestion: String?, names: [String])
    /// A user-defined pattern's text does not parse.
    case badCustomPattern(name: String, PatternSyntaxError)
    /// A user-defined pattern reuses a built-in name.
    case builtInName(String)
    /// A name that cannot be typed as one word (empty, spaces, commas).
    case badName(String)
    /// A preset parameter out of range (`blink-speed`, `breathe-period`, `sos-unit`).
    case badParameter(name: String, ValueError)

    public var description: String {
        switch self {
        case let .unknownName(name, suggestion, names):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? " (patterns: \(names.joined(separator: ", ")))"
            return "unknown pattern '\(name)'\(hint)"
        case let .badCustomPattern(name, error):
            return "pattern '\(name)': \(error)"
        case let .builtInName(name):
            return "pattern '\(name)': the name is taken by a built-in pattern; choose another"
        case let .badName(name):
            return "pattern name '\(name)': expected one word without spaces or commas"
        case let .badParameter(name, error):
            return "\(name): \(error)"
        }
    }
}
