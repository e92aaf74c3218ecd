import TorchCore

/// Options shared by the commands that drive the light.
public struct LightOptions: Sendable {
    /// `--backend`; nil leaves the config's `[output] backend`.
    public var backend: BackendRequest?
    public var brightness: Brightness?
    public var curve: BrightnessCurve?
    public var runFor: Duration?
    /// `--transition`: this command's level change fades over it (a running service's
    /// request carries it; in the foreground it replaces `[light] transition`).
    public var transition: Duration?
    public var tracePath: String?
    public var display = true
    /// `--chip`, `--line`, `--active-low`, `--button-line`: override the config's pins.
    public var chip: String?
    public var line: String?
    public var activeLow: Bool?
    public var buttonLine: String?
    /// `torch run --mqtt URL`: overrides `[mqtt] broker`.
    public var mqttBroker: MQTTBrokerURL?

    public init() {}
}

/// Options every command accepts.
public struct GlobalOptions: Sendable {
    public var configPath: String?
    public var stateFilePath: String?

    public init(configPath: String? = nil, stateFilePath: String? = nil) {
        self.configPath = configPath
        self.stateFilePath = stateFilePath
    }
}

/// What the user asked for, with every value parsed and checked.
public enum Request: Sendable {
    /// Light with a pattern (blink, strobe, sos, morse, breathe, pattern).
    case light(PatternChoice, LightOptions)
    /// `on`: light the chosen mode (the remembered pattern), at `--brightness`/`LEVEL`
    /// when given; the pattern is left as it is.
    case on(LightOptions)
    /// `off`; `remember` is false only for `--service-stopped` (a stop is not a user's off).
    case off(force: Bool, remember: Bool, LightOptions)
    case toggle(LightOptions)
    case status(json: Bool)
    case stealth(Bool)
    /// `torch mode NAME`: choose a pattern without lighting (the seed's mode buttons).
    case mode(name: String)
    case run(LightOptions)
    /// `torch readout ip|temp`: a value of this machine blinked out (read by the
    /// command, then played as `light` with a `readout` pattern).
    case readout(ReadoutSource, LightOptions)
    /// A command run in this process, declared with what it does in the executable.
    case local(any LocalCommand)
}

extension Request {
    /// Interprets parsed arguments with the command's own builder; every bad value is a
    /// usage error naming the option.
    static func from(_ p: ParsedArguments) throws(UsageError) -> (Request, GlobalOptions) {
        let global = try CommonOptions.globalOptions(p)
        let request = try p.command.request(p, try CommonOptions.lightOptions(p))
        if case let .light(choice, _) = request {
            // The same limits as the socket and the config (`PatternLimits`): no step the
            // real-time thread would spin on, none long enough to overflow. What the
            // command line gave is checked here (the config's values are checked by its
            // library), so the standard library stands in for the config.
            do { try choice.resolve(.standard).checkLimits() } catch {
                let option = error.parameter == "text" ? "<text>" : "--" + error.parameter
                let value = p.text(optionNamed: error.parameter) ?? error.error.value
                throw UsageError(message: "\(option): \(ValueError(value: value, allowed: error.error.allowed))", command: p.command)
            }
        }
        return (request, global)
    }

    /// The light options of a light-driving request.
    public var lightOptions: LightOptions? {
        switch self {
        case let .light(_, l), let .on(l), let .off(_, _, l), let .toggle(l), let .run(l), let .readout(_, l): l
        case let .local(command): command.lightOptions
        case .status, .stealth, .mode: nil
        }
    }
}
