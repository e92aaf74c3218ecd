/// One request line of the control socket: a JSON object with `"cmd"`, the command's
/// own keys, and an optional `"id"` that the reply echoes.
///
///     {"cmd":"on","brightness":"40%"}
///     {"cmd":"pattern","name":"sos","id":7}
///     {"cmd":"pattern","spec":"blink 500ms 500ms"}
///     {"cmd":"stealth","on":true}
public struct ControlRequest: Equatable, Sendable {
    public var command: ControlCommand
    /// A string or number chosen by the client, echoed in the reply; nil when absent.
    public var id: JSONValue?
    /// `"transition"`: this command's level change fades over it instead of `[light]
    /// transition` (seconds as a number, as Home Assistant sends it, or "500ms").
    public var transition: Duration?

    /// The longest request line, in bytes without the newline.
    public static let maxBytes = 4096

    public init(_ command: ControlCommand, id: JSONValue? = nil, transition: Duration? = nil) {
        self.command = command
        self.id = id
        self.transition = transition
    }

    /// Reads one line (without its newline). Every failure is a one-line message naming
    /// the key or value at fault, carrying the `"id"` when it could be read.
    public static func parse(_ line: String) -> Result<ControlRequest, ControlError> {
        parse(bytes: Array(line.utf8))
    }

    /// Reads one line of UTF-8 bytes (without its newline).
    public static func parse(bytes: [UInt8]) -> Result<ControlRequest, ControlError> {
        let json: JSONValue
        do {
            json = try JSONParser(maxDepth: 4, maxBytes: maxBytes).parse(bytes: bytes)
        } catch {
            return .failure(ControlError("\(error)"))
        }
        guard case let .object(members) = json else {
            return .failure(ControlError("a request is a JSON object, e.g. {\"cmd\":\"status\"}; got \(json.kindName)"))
        }
        var id: JSONValue?
        if let given = json["id"] {
            switch given {
            case .string, .number: id = given
            default: return .failure(ControlError("\"id\" is \(given.kindName): expected a string or a number"))
            }
        }
        do {
            let c = try command(json, members: members)
            let transition = try json["transition"].map { v throws(ControlError) in try duration(v, key: "transition") }
            return .success(ControlRequest(c, id: id, transition: transition))
        } catch {
            return .failure(ControlError(error.message, id: id))
        }
    }

    private static let commandList = ControlCommandName.list

    private static func command(_ json: JSONValue, members: [JSONMember]) throws(ControlError) -> ControlCommand {
        guard let cmdValue = json["cmd"] else {
            throw ControlError("missing \"cmd\": expected \(commandList)")
        }
        guard let cmd = cmdValue.stringValue else {
            throw ControlError("\"cmd\" is \(cmdValue.kindName): expected a string (\(commandList))")
        }
        guard let name = ControlCommandName(rawValue: cmd) else {
            throw ControlError("unknown command \(JSONText.string(cmd)): expected \(commandList)")
        }
        let keys = name.keys
        for m in members where m.key != "cmd" && m.key != "id" && !keys.contains(m.key) {
            let allowed = keys.isEmpty ? "only \"cmd\" and \"id\"" : (keys + ["id"]).map { "\"\($0)\"" }.joined(separator: ", ")
            throw ControlError("\"\(cmd)\" does not take \(JSONText.string(m.key)): it takes \(allowed)")
        }
        switch name {
        case .on:
            return .on(try json["brightness"].map { v throws(ControlError) in try brightness(v, key: "brightness") })
        case .off: return .off
        case .toggle: return .toggle
        case .nextPattern: return .nextPattern
        case .status: return .status
        case .reload: return .reload
        case .brightness:
            guard let v = json["level"] else {
                throw ControlError("\"brightness\" needs \"level\": a brightness from 1% to 100% (or 0.01 to 1.0)")
            }
            return .brightness(try brightness(v, key: "level"))
        case .stealth:
            guard let v = json["on"] else { throw ControlError("\"stealth\" needs \"on\": true or false") }
            return .stealth(try bool(v, key: "on"))
        case .settings:
            return .settings(try settings(json))
        case .press, .release:
            let role = try json["role"].map { v throws(ControlError) in try buttonRole(v) } ?? .on
            return name == .press ? .press(role) : .release(role)
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
    private static func buttonRole(_ v: JSONValue) throws(ControlError) -> ButtonRole {
        guard let s = v.stringValue else {
            throw ControlError("\"role\" is \(v.kindName): expected \"on\" or \"off\"")
        }
        guard let role = ButtonRole(rawValue: s) else {
            throw ControlError("\"role\" \(JSONText.string(s)) is not a button: expected \"on\" or \"off\"")
        }
        return role
    }

    private static func pattern(_ json: JSONValue, cmd: String = "pattern") throws(ControlError) -> ControlCommand {
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
    private static func settings(_ json: JSONValue) throws(ControlError) -> UserSettings {
        var u = UserSettings()
        if let v = json["light-by-default"] { u.lightByDefault = try bool(v, key: "light-by-default") }
        if let v = json["hold-for-light"] { u.holdForLight = try bool(v, key: "hold-for-light") }
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

    /// `"40%"`, `"0.4"` or the number `0.4` (a number is a fraction: `1` is full).
    private static func brightness(_ v: JSONValue, key: String) throws(ControlError) -> Brightness {
        do {
            switch v {
            case let .string(s): return try Brightness.parse(s)
            case let .number(n), let .decimal(n, _): return try Brightness.parse(fraction: n)
            default: break
            }
        } catch {
            throw ControlError("\"\(key)\": \(error)")
        }
        throw ControlError("\"\(key)\" is \(v.kindName): expected \(Brightness.allowed)")
    }

    /// Seconds as a number (`0.5`) or a duration with its unit (`"500ms"`), 0 to 60 s.
    private static func duration(_ v: JSONValue, key: String) throws(ControlError) -> Duration {
        let allowed = "a duration from 0 to 60s: seconds as a number (0.5) or text with a unit (\"500ms\")"
        let d: Duration
        switch v {
        case let .number(n):
            guard n.isFinite, n >= 0, n <= 60 else { throw ControlError("\"\(key)\" \(JSONValue.numberText(n)) is not valid: expected \(allowed)") }
            d = .nanoseconds(Int64((n * 1e9).rounded()))
        case let .string(s):
            do { d = try DurationSyntax.parse(s) } catch { throw ControlError("\"\(key)\": \(error)") }
            guard d >= .zero, d <= .seconds(60) else { throw ControlError("\"\(key)\" \(JSONText.string(s)) is not valid: expected \(allowed)") }
        default:
            throw ControlError("\"\(key)\" is \(v.kindName): expected \(allowed)")
        }
        return d
    }

    /// `true`/`false`, or the words of `BoolSyntax` (`"on"`, `"off"`…).
    private static func bool(_ v: JSONValue, key: String) throws(ControlError) -> Bool {
        switch v {
        case let .bool(b): return b
        case let .string(s):
            do { return try BoolSyntax.parse(s) } catch { throw ControlError("\"\(key)\": \(error)") }
        default: throw ControlError("\"\(key)\" is \(v.kindName): expected true or false")
        }
    }
}

extension ControlRequest {
    /// The request as one line of compact JSON, newline included: what a client sends.
    /// Brightness goes as a fraction (exact), patterns as canonical text.
    public var line: String { json.jsonText + "\n" }

    /// The request as a JSON object, `"cmd"` first.
    public var json: JSONValue {
        var members = [JSONMember("cmd", .string(command.name))]
        switch command {
        case let .on(b?): members.append(JSONMember("brightness", .number(b.fraction)))
        case let .patternNamed(name), let .modeNamed(name): members.append(JSONMember("name", .string(name)))
        case let .pattern(p), let .mode(p): members.append(JSONMember("spec", .string(p.canonicalText)))
        case let .brightness(b): members.append(JSONMember("level", .number(b.fraction)))
        case let .stealth(on): members.append(JSONMember("on", .bool(on)))
        case let .settings(u):
            if let l = u.lightByDefault { members.append(JSONMember("light-by-default", .bool(l))) }
            if let h = u.holdForLight { members.append(JSONMember("hold-for-light", .bool(h))) }
            if let t = u.sleepTimer { members.append(JSONMember("sleep-timer", .string(t == .zero ? "off" : DurationSyntax.format(t)))) }
        case let .press(role), let .release(role): members.append(JSONMember("role", .string(role.rawValue)))
        case .on(nil), .off, .toggle, .nextPattern, .status, .reload: break
        }
        if let transition { members.append(JSONMember("transition", .string(DurationSyntax.format(transition)))) }
        if let id { members.append(JSONMember("id", id)) }
        return .object(members)
    }
}
