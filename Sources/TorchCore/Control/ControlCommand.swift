/// What a front end asks the torch to do: the one command vocabulary of every front end
/// (carried in a `ControlRequest`), named as the control socket's `"cmd"`: the value,
/// its name, its keys written back as JSON and its state-machine command.
/// `ControlCommandName` reads it; a command is that and its case here.
public enum ControlCommand: Equatable, Sendable {
    /// `on`: light on, latched, optionally at a new brightness.
    case on(Brightness?)
    /// `off`: dark.
    case off
    /// `toggle`: on when dark, off when lit.
    case toggle
    /// `pattern` with `"name"`: a pattern of the pattern library (`sos`, `strobe-fast`,
    /// a config-defined name), resolved by the service that knows the library.
    case patternNamed(String)
    /// `pattern` with `"spec"`: a pattern in canonical text (`blink 500ms 500ms`).
    case pattern(Pattern)
    /// `mode` with `"name"` or `"spec"`: chooses the pattern without lighting (a lit
    /// torch switches to it at once); `modeNamed` is resolved by the service's library.
    case modeNamed(String)
    case mode(Pattern)
    /// `brightness`: a new brightness, lit or not.
    case brightness(Brightness)
    /// `next-pattern`: the next pattern of the pattern list, lit.
    case nextPattern
    /// `stealth`: the board's status LEDs dark (true) or restored (false).
    case stealth(Bool)
    /// `settings`: light-by-default, hold-for-light and the sleep timer over the
    /// config's, remembered across restarts (the web page's settings screen).
    case settings(UserSettings)
    /// `status`: the state now, in the reply.
    case status
    /// `reload`: read the config again (as SIGHUP does).
    case reload
    /// `press` with `"role"` (default `on`): the virtual button of that role goes down,
    /// through the same gesture recognizer as the physical one.
    case press(ButtonRole)
    /// `release` with `"role"` (default `on`): the virtual button of that role comes up.
    case release(ButtonRole)

    /// Which command this is (`ControlCommandName`).
    public var commandName: ControlCommandName {
        switch self {
        case .on: .on
        case .off: .off
        case .toggle: .toggle
        case .patternNamed, .pattern: .pattern
        case .modeNamed, .mode: .mode
        case .brightness: .brightness
        case .nextPattern: .nextPattern
        case .stealth: .stealth
        case .settings: .settings
        case .status: .status
        case .reload: .reload
        case .press: .press
        case .release: .release
        }
    }

    /// The name as written in `"cmd"`.
    public var name: String { commandName.rawValue }

    /// The state-machine command this is, with names looked up in `library`; nil for
    /// `status`, `reload`, `press` and `release`, which the service answers itself.
    public func torchCommand(library: PatternLibrary) throws(ControlError) -> TorchCommand? {
        switch self {
        case let .on(b): return .on(b)
        case .off: return .off
        case .toggle: return .toggle
        case let .pattern(p): return .setPattern(p)
        case let .patternNamed(name):
            do {
                return .setPattern(try library.lookup(name))
            } catch {
                throw ControlError("name: \(error)")
            }
        case let .mode(p): return .choosePattern(p)
        case let .modeNamed(name):
            do {
                return .choosePattern(try library.resolve(name))
            } catch {
                throw ControlError("name: \(error)")
            }
        case let .brightness(b): return .setBrightness(b)
        case .nextPattern: return .nextPattern
        case let .stealth(on): return .stealth(on)
        case let .settings(u): return .settings(u)
        case .status, .reload, .press, .release: return nil
        }
    }

    /// Its own keys as a request writes them (besides `"cmd"`, `"transition"` and
    /// `"id"`): brightness as a fraction (exact), patterns as canonical text.
    public var jsonMembers: [JSONMember] {
        var m: [JSONMember] = []
        switch self {
        case let .on(b?): m.append(JSONMember("brightness", .number(b.fraction)))
        case let .patternNamed(name), let .modeNamed(name): m.append(JSONMember("name", .string(name)))
        case let .pattern(p), let .mode(p): m.append(JSONMember("spec", .string(p.canonicalText)))
        case let .brightness(b): m.append(JSONMember("level", .number(b.fraction)))
        case let .stealth(on): m.append(JSONMember("on", .bool(on)))
        case let .settings(u):
            if let l = u.lightByDefault { m.append(JSONMember("light-by-default", .bool(l))) }
            if let h = u.holdForLight { m.append(JSONMember("hold-for-light", .bool(h))) }
            if let t = u.sleepTimer { m.append(JSONMember("sleep-timer", .string(t == .zero ? "off" : DurationSyntax.format(t)))) }
        case let .press(role), let .release(role): m.append(JSONMember("role", .string(role.rawValue)))
        case .on(nil), .off, .toggle, .nextPattern, .status, .reload: break
        }
        return m
    }
}
