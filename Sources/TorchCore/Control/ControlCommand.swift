/// What a control-socket request asks the torch to do (the `"cmd"` of a request line).
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
}
