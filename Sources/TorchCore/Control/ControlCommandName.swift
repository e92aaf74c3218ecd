/// The control protocol's commands by their `"cmd"` name, with the keys each takes: the
/// one list the parser, its errors, `ControlCommand.name`, the CLI's requests and the
/// protocol page's table (`ControlProtocolDocTests`) are written from or checked against.
public enum ControlCommandName: String, CaseIterable, Sendable {
    case on, off, toggle, pattern, mode, brightness
    case nextPattern = "next-pattern"
    case stealth, settings, press, release, status, reload

    /// The keys it takes besides `"cmd"` and `"id"` (`"transition"` included where it applies).
    public var keys: [String] {
        let own: [String] = switch self {
        case .on: ["brightness"]
        case .pattern, .mode: ["name", "spec"]
        case .brightness: ["level"]
        case .stealth: ["on"]
        case .settings: ["light-by-default", "hold-for-light", "sleep-timer"]
        case .press, .release: ["role"]
        case .off, .toggle, .nextPattern, .status, .reload: []
        }
        return own + (takesTransition ? ["transition"] : [])
    }

    /// Whether it takes `"transition"`: those that change the level.
    public var takesTransition: Bool {
        switch self {
        case .on, .off, .toggle, .brightness, .pattern, .nextPattern: true
        case .mode, .stealth, .settings, .press, .release, .status, .reload: false
        }
    }

    /// "on, off, …, status or reload", for errors.
    public static let list: String = {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }()
}
