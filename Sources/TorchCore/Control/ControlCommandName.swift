/// The control protocol's commands by their `"cmd"` name, with the keys each takes and
/// how each is read: the one list the parser, its errors, `ControlCommand.name`, the
/// CLI's requests and the protocol page's table (`NameListsTests`) are written from or
/// checked against. A command is this and its case in `ControlCommand`.
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
    public static let list = WordList.or(allCases.map(\.rawValue))
}

extension ControlCommandName {
    /// The command a request with this `"cmd"` asks for, read from its keys (`keys` has
    /// already refused any other); the error names the key or value at fault.
    func command(_ json: JSONValue) throws(ControlError) -> ControlCommand {
        switch self {
        case .on:
            return .on(try json["brightness"].map { v throws(ControlError) in try ControlRequest.brightness(v, key: "brightness") })
        case .off: return .off
        case .toggle: return .toggle
        case .nextPattern: return .nextPattern
        case .status: return .status
        case .reload: return .reload
        case .brightness:
            guard let v = json["level"] else {
                throw ControlError("\"brightness\" needs \"level\": a brightness from 1% to 100% (or 0.01 to 1.0)")
            }
            return .brightness(try ControlRequest.brightness(v, key: "level"))
        case .stealth:
            guard let v = json["on"] else { throw ControlError("\"stealth\" needs \"on\": true or false") }
            return .stealth(try ControlRequest.bool(v, key: "on"))
        case .settings:
            return .settings(try settings(json))
        case .press, .release:
            let role = try json["role"].map { v throws(ControlError) in try buttonRole(v) } ?? .on
            return self == .press ? .press(role) : .release(role)
        case .mode:
            switch try pattern(json, cmd: "mode") {
            case let .patternNamed(n): return .modeNamed(n)
            case let .pattern(p): return .mode(p)
            default: throw ControlError("\"mode\" needs \"name\" or \"spec\"")
            }
        case .pattern:
            return try pattern(json)
        }
    }

    /// `"on"` or `"off"`: which button.
    private func buttonRole(_ v: JSONValue) throws(ControlError) -> ButtonRole {
        guard let s = v.stringValue else {
            throw ControlError("\"role\" is \(v.kindName): expected \"on\" or \"off\"")
        }
        guard let role = ButtonRole(rawValue: s) else {
            throw ControlError("\"role\" \(JSONText.string(s)) is not a button: expected \"on\" or \"off\"")
        }
        return role
    }

    private func pattern(_ json: JSONValue, cmd: String = "pattern") throws(ControlError) -> ControlCommand {
        switch (json["name"], json["spec"]) {
        case (nil, nil):
            throw ControlError("\"\(cmd)\" needs \"name\" (e.g. \"sos\") or \"spec\" (e.g. \"blink 500ms 500ms\")")
        case (.some, .some):
            throw ControlError("\"\(cmd)\" takes \"name\" or \"spec\", not both")
        case let (name?, nil):
            guard let s = name.stringValue, !s.isEmpty else {
                throw ControlError("\"name\" is \(name.kindName == "a string" ? "empty" : name.kindName): expected a pattern name such as \"sos\"")
            }
            return .patternNamed(s)
        case let (nil, spec?):
            guard let s = spec.stringValue else {
                throw ControlError("\"spec\" is \(spec.kindName): expected pattern text such as \"blink 500ms 500ms\"")
            }
            do {
                return .pattern(try Pattern.parseCanonical(s))
            } catch {
                throw ControlError("\"spec\" \(JSONText.string(s)): \(error)")
            }
        }
    }

    /// At least one of the three keys; both switches on at once is refused (they are
    /// mutually exclusive); the sleep timer is `"off"`, a duration (`"10min"`) or a
    /// number of seconds, rounded to whole seconds, 1 s to 24 h.
    private func settings(_ json: JSONValue) throws(ControlError) -> UserSettings {
        var u = UserSettings()
        if let v = json["light-by-default"] { u.lightByDefault = try ControlRequest.bool(v, key: "light-by-default") }
        if let v = json["hold-for-light"] { u.holdForLight = try ControlRequest.bool(v, key: "hold-for-light") }
        if let v = json["sleep-timer"] {
            let meaning = "\"off\", a duration from 1s to 24h (\"10min\") or a number of seconds"
            switch v {
            case .string("off"): u.sleepTimer = .zero
            case let .string(s):
                guard let d = UserSettings.wholeSeconds(try? DurationSyntax.parse(s)) else {
                    throw ControlError("\"sleep-timer\" \(JSONText.string(s)): expected \(meaning)")
                }
                u.sleepTimer = d
            case let .number(n):
                guard n.isFinite, n >= 0.5, n < 86_400.5, let d = UserSettings.wholeSeconds(.seconds(Int64(n.rounded()))) else {
                    throw ControlError("\"sleep-timer\" \(JSONValue.numberText(n)): expected \(meaning)")
                }
                u.sleepTimer = d
            default:
                throw ControlError("\"sleep-timer\" is \(v.kindName): expected \(meaning)")
            }
        }
        if u.isEmpty {
            throw ControlError("\"settings\" needs at least one of \"light-by-default\", \"hold-for-light\", \"sleep-timer\"")
        }
        if u.lightByDefault == true && u.holdForLight == true {
            throw ControlError("\"light-by-default\" and \"hold-for-light\" are mutually exclusive: a light held only while pressed cannot be lit at start")
        }
        return u
    }
}
