import TorchCore
import TorchHardware

/// Options shared by the commands that drive the light.
struct LightOptions {
    /// `--backend`; nil leaves the config's `[output] backend`.
    var backend: BackendRequest?
    var brightness: Brightness?
    var curve: BrightnessCurve?
    var runFor: Duration?
    var tracePath: String?
    var display = true
    /// `--chip`, `--line`, `--active-low`, `--button-line`: override the config's pins.
    var chip: String?
    var line: String?
    var activeLow: Bool?
    var buttonLine: String?
}

/// Options every command accepts.
struct GlobalOptions {
    var configPath: String?
    var stateFilePath: String?
}

/// What the user asked for, with every value parsed and checked.
enum Request {
    /// Light with a pattern (on, blink, strobe, sos, morse, breathe, pattern).
    case light(PatternChoice, LightOptions)
    /// `off`; `remember` is false only for `--service-stopped` (a stop is not a user's off).
    case off(force: Bool, remember: Bool, LightOptions)
    case toggle(LightOptions)
    case status(json: Bool)
    case stealth(Bool)
    case boards(json: Bool)
    case probe(json: Bool)
    /// `torch boot-line`: the firmware's power-on line for the LED pin.
    case bootLine
    case run(LightOptions)
    /// `torch bench …`.
    case bench(BenchRequest, LightOptions)
}

extension Request {
    /// Interprets parsed arguments; every bad value is a usage error naming the option.
    static func from(_ p: ParsedArguments) throws(UsageError) -> (Request, GlobalOptions) {
        let global = GlobalOptions(configPath: p.values["config"], stateFilePath: p.values["state-file"])
        var light = LightOptions()
        if p.command.drivesLight {
            light.backend = try p.value("backend") { (t: String) throws(ValueError) -> BackendRequest in
                guard let b = BackendRequest(rawValue: t) else {
                    throw ValueError(value: t, allowed: BackendRequest.spelledChoices)
                }
                return b
            }
            light.brightness = try p.value("brightness", Brightness.parse)
            light.curve = try p.value("curve") { (t: String) throws(ValueError) -> BrightnessCurve in
                guard let c = BrightnessCurve(rawValue: t) else { throw ValueError(value: t, allowed: "cie or linear") }
                return c
            }
            light.runFor = try p.value("for", DurationSyntax.parse)
            if light.runFor == .zero { throw UsageError(message: "--for: '0' is not valid: expected a duration above zero", command: p.command) }
            light.tracePath = p.values["trace"]
            light.display = !p.flags.contains("no-display")
            light.chip = p.values["chip"]
            light.line = p.values["line"]
            light.activeLow = try p.value("active-low", BoolSyntax.parse)
            light.buttonLine = p.values["button-line"]
        }
        let request: Request
        switch p.command.name {
        case "on":
            if let level = p.positionals.first {
                do { light.brightness = try Brightness.parse(level) } catch {
                    throw UsageError(message: "<level>: \(error)", command: p.command)
                }
            }
            request = .light(.exact(.steady), light)
        case "off":
            let stopped = p.flags.contains("service-stopped")
            request = .off(force: stopped || p.flags.contains("force"), remember: !stopped, light)
        case "toggle": request = .toggle(light)
        // Speed 0 stops the blink: the light goes dark, and status says off (a blink with
        // no on time would be dark while status said lit).
        case "blink": request = try blink(p).map { .light($0, light) } ?? .off(force: false, remember: true, light)
        case "strobe":
            let word = p.positionals.first ?? "medium"
            guard let speed = StrobeSpeed(rawValue: word) else {
                throw UsageError(message: "<speed>: '\(word)' is not valid: expected slow, medium or fast", command: p.command)
            }
            request = .light(.exact(.strobe(speed)), light)
        case "sos":
            let u = try unit(p)
            request = .light(u.map { .exact(.morse(text: "SOS", unit: $0)) } ?? .preset("sos"), light)
        case "morse":
            let text = p.positionals.joined(separator: " ")
            do { try Morse.validate(text) } catch {
                throw UsageError(message: "<text>: \(error)", command: p.command)
            }
            request = .light(.morse(text: text, unit: try unit(p)), light)
        case "breathe":
            let period = try p.value("period", DurationSyntax.parse)
            let lo = try p.value("min") { (t: String) throws(ValueError) in try LevelSyntax.parse(t) } ?? 0
            let hi = try p.value("max") { (t: String) throws(ValueError) in try LevelSyntax.parse(t) } ?? 1
            if let period, period <= .zero { throw UsageError(message: "--period: must be above zero", command: p.command) }
            guard lo < hi else {
                throw UsageError(message: "--min \(LevelSyntax.format(lo)) must be below --max \(LevelSyntax.format(hi))", command: p.command)
            }
            request = .light(.breathe(period: period, minLevel: lo, maxLevel: hi), light)
        case "pattern":
            let spec = p.positionals.joined(separator: " ")
            do {
                request = .light(.exact(.custom(try CustomPatternSyntax.parse(spec))), light)
            } catch {
                throw UsageError(message: "<spec>: \(error)\n" + error.caretLine(for: spec), command: p.command)
            }
        case "status": request = .status(json: p.flags.contains("json"))
        case "boards": request = .boards(json: p.flags.contains("json"))
        case "stealth":
            let word = p.positionals.first ?? ""
            do { request = .stealth(try BoolSyntax.parse(word)) } catch {
                throw UsageError(message: "<state>: \(error)", command: p.command)
            }
        case "probe": request = .probe(json: p.flags.contains("json"))
        case "boot-line": request = .bootLine
        case "run": request = .run(light)
        case "bench": request = .bench(try BenchRequest.from(p), light)
        default: throw UsageError(message: "unknown subcommand '\(p.command.name)'", command: nil)
        }
        if case let .light(choice, _) = request {
            // The same limits as the socket and the config (issue 15): no step the
            // real-time thread would spin on, none long enough to overflow. What the
            // command line gave is checked here (the config's values are checked by its
            // library), so the standard library stands in for the config.
            do { try choice.resolve(.standard).checkLimits() } catch {
                let option = error.parameter == "text" ? "<text>" : "--" + error.parameter
                let value = p.values[error.parameter] ?? error.error.value
                throw UsageError(message: "\(option): \(ValueError(value: value, allowed: error.error.allowed))", command: p.command)
            }
        }
        return (request, global)
    }

    /// `blink` with no timing is the config's `blink-speed` preset; nil: speed 0 (off).
    private static func blink(_ p: ParsedArguments) throws(UsageError) -> PatternChoice? {
        let speed = try p.value("speed", BlinkSpeed.parse)
        let on = try p.value("on", DurationSyntax.parse)
        let off = try p.value("off", DurationSyntax.parse)
        let rate = try p.value("rate", FrequencySyntax.parse)
        let given = [speed != nil, on != nil || off != nil, rate != nil].filter { $0 }.count
        guard given <= 1 else {
            throw UsageError(message: "give only one of --speed, --rate, or --on with --off", command: p.command)
        }
        if let on, let off {
            guard on > .zero, off > .zero else {
                throw UsageError(message: "--on and --off must both be above zero", command: p.command)
            }
            return .exact(.blink(on: on, off: off))
        }
        if on != nil || off != nil {
            throw UsageError(message: on == nil ? "--off needs --on" : "--on needs --off", command: p.command)
        }
        if let rate {
            do { return .exact(try BlinkSpeed.blink(frequency: rate, text: p.values["rate"])) } catch {
                throw UsageError(message: "--rate: \(error)", command: p.command)
            }
        }
        guard let speed else { return .preset("blink") }
        // Speed 0 means "stopped" (nil): the light is dark.
        return BlinkSpeed.pattern(speed: speed).map { .exact($0) }
    }

    /// `--unit` or `--wpm`; nil: neither (the config's `sos-unit`).
    private static func unit(_ p: ParsedArguments) throws(UsageError) -> Duration? {
        let unit = try p.value("unit", DurationSyntax.parse)
        let wpm = try p.value("wpm", Morse.parseWordsPerMinute)
        if unit != nil && wpm != nil { throw UsageError(message: "give --unit or --wpm, not both", command: p.command) }
        if let wpm { return Morse.unit(wordsPerMinute: wpm) }
        if let unit {
            guard unit >= .milliseconds(1) else {
                throw UsageError(message: "--unit: '\(p.values["unit"] ?? "")' is too short: expected 1ms or more", command: p.command)
            }
            return unit
        }
        return nil
    }
}

extension Request {
    /// The light options of a light-driving request.
    var lightOptions: LightOptions? {
        switch self {
        case let .light(_, l), let .off(_, _, l), let .toggle(l), let .run(l), let .bench(_, l): l
        case .status, .boards, .probe, .stealth, .bootLine: nil
        }
    }
}
