/// One key a section accepts, and how its value lands in the config.
struct ConfigKey: Sendable {
    let name: String
    let apply: @Sendable (inout TorchConfig, String) throws(ValueError) -> Void
}

/// One `[section]` as the parser and the reference see it, built-in or a front end's: its
/// keys in the order `dist/torch.conf` documents them, its reference text and its checks
/// between keys.
struct ConfigSection: Sendable {
    let name: String
    let keys: [ConfigKey]
    /// Its opening lines in the reference.
    let intro: ConfigSectionIntro?
    /// Its keys' docs, in key order (a built-in key without one is left out:
    /// `ConfigReferenceTests` names it).
    let docs: [ConfigKeyDoc]
    /// A front end's checks between keys (given each valid key's line); the built-in
    /// sections' are `ConfigCombinations`.
    let check: (@Sendable (TorchConfig, [String: Int]) -> [SectionProblem])?

    /// A built-in section, its text from `ConfigKeyDocs`.
    init(name: String, keys: [ConfigKey]) {
        self.init(name: name, keys: keys, intro: ConfigKeyDocs.sectionIntros[name],
                  docs: keys.compactMap { key in ConfigKeyDocs.all.first { $0.section == name && $0.key == key.name } },
                  check: nil)
    }

    init(name: String, keys: [ConfigKey], intro: ConfigSectionIntro?, docs: [ConfigKeyDoc],
         check: (@Sendable (TorchConfig, [String: Int]) -> [SectionProblem])?) {
        self.name = name
        self.keys = keys
        self.intro = intro
        self.docs = docs
        self.check = check
    }

    func key(_ name: String) -> ConfigKey? { keys.first { $0.name == name } }
}

extension [ConfigSection] {
    func section(_ name: String) -> ConfigSection? { first { $0.name == name } }

    /// The sections that have a key of this name (to say where a stray key belongs).
    func names(having key: String) -> [String] {
        filter { $0.key(key) != nil }.map(\.name)
    }
}

/// Every section and key the config file knows: the built-in sections, then the front
/// ends' (in the order given). `[pattern.NAME]` sections are handled by the parser
/// itself (their only key is `steps`).
enum ConfigSchema {
    static let patternPrefix = "pattern."
    static let patternKeys = ["steps"]

    /// The built-in sections followed by `frontEnds`' sections.
    static func sections(frontEnds: [any FrontEndSection.Type]) -> [ConfigSection] {
        builtIn + frontEnds.map { $0.configSection }
    }

    static let chipMeaning = "a GPIO chip: a number, gpiochipN, /dev/gpiochipN or its label"
    static let lineMeaning = "a line offset (18) or name (GPIO18)"
    static let blinkSpeedMeaning = "a number above 0 and at most 1 (faster towards 1, 1 is steady)"
    static let patternListMeaning = "a comma-separated list of pattern names (a-z, 0-9, '-'), e.g. steady, strobe-slow, sos"

    static let builtIn: [ConfigSection] = [light, button, gestures, output, feedback, board, service]

    /// `[gestures]`: one key per gesture, 1c…10c and 1h…10h.
    static let gestures = ConfigSection(name: "gestures", keys: GestureName.all.map { g in
        ConfigKey(name: g.description) { c, v throws(ValueError) in
            let a = try ConfigValue.action(v, rampAllowed: g == .clickHold(1))
            switch g {
            case .clicks(1): c.button.onTap = a
            case .clicks(2): c.button.onDoubleTap = a
            default: c.gestures[g] = a == .none ? nil : a
            }
        }
    })
    static let levelMeaning = "a brightness from 1% to 100% (or 0.01 to 1.0)"

    static let light = ConfigSection(name: "light", keys: [
        ConfigKey(name: "brightness") { c, v throws(ValueError) in c.light.brightness = try Brightness.parse(v) },
        ConfigKey(name: "curve") { c, v throws(ValueError) in c.light.curve = try ConfigValue.choice(v, of: BrightnessCurve.self) },
        ConfigKey(name: "max-brightness") { c, v throws(ValueError) in c.light.maxBrightness = try Brightness.parse(v) },
        ConfigKey(name: "pattern") { c, v throws(ValueError) in
            guard ConfigValue.isPatternName(v) else {
                throw ValueError(value: v, allowed: "a pattern name (a-z, 0-9, '-'), e.g. steady, strobe-slow, sos")
            }
            c.light.pattern = v
        },
        ConfigKey(name: "patterns") { c, v throws(ValueError) in
            let names = try ConfigValue.list(v, meaning: patternListMeaning)
            guard names.allSatisfy(ConfigValue.isPatternName) else { throw ValueError(value: v, allowed: patternListMeaning) }
            c.light.patterns = names
        },
        ConfigKey(name: "light-by-default") { c, v throws(ValueError) in c.light.lightByDefault = try BoolSyntax.parse(v) },
        ConfigKey(name: "at-start") { c, v throws(ValueError) in c.light.atStart = try ConfigValue.choice(v, of: StartRule.self) },
        ConfigKey(name: "sleep-timer") { c, v throws(ValueError) in
            c.light.sleepTimer = try ConfigValue.durationOrOff(v, in: .seconds(1) ... .seconds(86_400))
        },
        ConfigKey(name: "sleep-fade") { c, v throws(ValueError) in c.light.sleepFade = try ConfigValue.duration(v, in: .zero ... .seconds(60)) },
        ConfigKey(name: "blink-speed") { c, v throws(ValueError) in
            // 0 would be "off", which is not a blink: the pattern library rejects it too.
            let speed = try ConfigValue.number(v, in: 0...1, meaning: blinkSpeedMeaning)
            guard speed > 0 else { throw ValueError(value: v, allowed: blinkSpeedMeaning) }
            c.light.blinkSpeed = speed
        },
        ConfigKey(name: "breathe-period") { c, v throws(ValueError) in
            c.light.breathePeriod = try ConfigValue.duration(v, in: .milliseconds(200) ... .seconds(60))
        },
        ConfigKey(name: "sos-unit") { c, v throws(ValueError) in
            c.light.sosUnit = try ConfigValue.duration(v, in: .milliseconds(20) ... .seconds(1))
        },
        ConfigKey(name: "sos-style") { c, v throws(ValueError) in c.light.sosStyle = try ConfigValue.choice(v, of: SOSStyle.self) },
        ConfigKey(name: "floor") { c, v throws(ValueError) in c.light.floor = try Brightness.parse(v) },
        ConfigKey(name: "ceiling") { c, v throws(ValueError) in c.light.ceiling = try Brightness.parse(v) },
        ConfigKey(name: "memory") { c, v throws(ValueError) in c.light.memory = try ConfigValue.choice(v, of: TorchConfig.MemoryRule.self) },
        ConfigKey(name: "memory-level") { c, v throws(ValueError) in c.light.memoryLevel = try Brightness.parse(v) },
        ConfigKey(name: "hybrid-after") { c, v throws(ValueError) in
            c.light.hybridAfter = try ConfigValue.duration(v, in: .seconds(1) ... .seconds(86_400))
        },
        ConfigKey(name: "transition") { c, v throws(ValueError) in c.light.transition = try ConfigValue.duration(v, in: .zero ... .seconds(60)) },
        ConfigKey(name: "remote-flashing") { c, v throws(ValueError) in c.light.remoteFlashing = try BoolSyntax.parse(v) },
    ])

    static let button = ConfigSection(name: "button", keys: [
        ConfigKey(name: "mode") { c, v throws(ValueError) in c.button.mode = try ConfigValue.choice(v, of: TorchConfig.ButtonMode.self) },
        // Only "yes" changes anything; the parser checks it against `mode` and
        // `light-by-default` once the whole file is read.
        ConfigKey(name: "hold-for-light") { c, v throws(ValueError) in if try BoolSyntax.parse(v) { c.button.mode = .momentary } },
        ConfigKey(name: "debounce") { c, v throws(ValueError) in c.button.debounce = try ConfigValue.duration(v, in: .zero ... .milliseconds(100)) },
        ConfigKey(name: "hold-time") { c, v throws(ValueError) in
            c.button.holdTime = try ConfigValue.duration(v, in: .milliseconds(10) ... .seconds(10))
        },
        ConfigKey(name: "double-tap-window") { c, v throws(ValueError) in
            c.button.doubleTapWindow = try ConfigValue.duration(v, in: .milliseconds(10) ... .seconds(2))
        },
        ConfigKey(name: "long-hold") { c, v throws(ValueError) in
            c.button.longHold = try ConfigValue.duration(v, in: .milliseconds(100) ... .seconds(60))
        },
        ConfigKey(name: "stuck-after") { c, v throws(ValueError) in
            c.button.stuckAfter = try ConfigValue.duration(v, in: .seconds(60) ... .seconds(86_400))
        },
        ConfigKey(name: "ramp-time") { c, v throws(ValueError) in
            c.button.rampTime = try ConfigValue.duration(v, in: .milliseconds(100) ... .seconds(60))
        },
        ConfigKey(name: "on-tap") { c, v throws(ValueError) in c.button.onTap = try ConfigValue.action(v) },
        ConfigKey(name: "on-double-tap") { c, v throws(ValueError) in c.button.onDoubleTap = try ConfigValue.action(v) },
        ConfigKey(name: "on-long-hold") { c, v throws(ValueError) in c.button.onLongHold = try ConfigValue.action(v) },
        ConfigKey(name: "auto-lock") { c, v throws(ValueError) in
            c.button.autoLock = try ConfigValue.durationOrOff(v, in: .seconds(1) ... .seconds(86_400))
        },
        ConfigKey(name: "sunset-step") { c, v throws(ValueError) in
            c.button.sunsetStep = try ConfigValue.duration(v, in: .seconds(1) ... .seconds(3600))
        },
        ConfigKey(name: "readout") { c, v throws(ValueError) in c.button.readout = try ReadoutSource.parse(v) },
        ConfigKey(name: "simple-ui") { c, v throws(ValueError) in c.button.simpleUI = try BoolSyntax.parse(v) },
        ConfigKey(name: "simple-ui-ceiling") { c, v throws(ValueError) in c.button.simpleUICeiling = try Brightness.parse(v) },
        ConfigKey(name: "chip") { c, v throws(ValueError) in c.button.chip = try ConfigValue.text(v, meaning: chipMeaning) },
        ConfigKey(name: "line") { c, v throws(ValueError) in c.button.line = try ConfigValue.text(v, meaning: lineMeaning) },
        ConfigKey(name: "off-line") { c, v throws(ValueError) in c.button.offLine = try ConfigValue.text(v, meaning: lineMeaning) },
        ConfigKey(name: "bias") { c, v throws(ValueError) in c.button.bias = try ConfigValue.choice(v, of: TorchConfig.LineBias.self) },
        ConfigKey(name: "active-low") { c, v throws(ValueError) in c.button.activeLow = try BoolSyntax.parse(v) },
    ])

    static let output = ConfigSection(name: "output", keys: [
        ConfigKey(name: "backend") { c, v throws(ValueError) in c.output.backend = try ConfigValue.choice(v, of: BackendRequest.self) },
        ConfigKey(name: "chip") { c, v throws(ValueError) in c.output.chip = try ConfigValue.text(v, meaning: chipMeaning) },
        ConfigKey(name: "line") { c, v throws(ValueError) in c.output.line = try ConfigValue.text(v, meaning: lineMeaning) },
        ConfigKey(name: "active-low") { c, v throws(ValueError) in c.output.activeLow = try BoolSyntax.parse(v) },
        ConfigKey(name: "pwm-frequency") { c, v throws(ValueError) in c.output.pwmFrequency = try ConfigValue.frequency(v, in: 10...100_000) },
        ConfigKey(name: "soft-pwm-frequency") { c, v throws(ValueError) in c.output.softPWMFrequency = try ConfigValue.frequency(v, in: 10...10_000) },
        ConfigKey(name: "pwm-chip") { c, v throws(ValueError) in
            c.output.pwmChip = try ConfigValue.text(v, meaning: "a PWM controller's device name (1f00098000.pwm) or a /sys/class/pwm/pwmchipN path")
        },
        ConfigKey(name: "pwm-channel") { c, v throws(ValueError) in c.output.pwmChannel = try ConfigValue.integer(v, in: 0...1023) },
    ])

    static let feedback = ConfigSection(name: "feedback", keys: [
        ConfigKey(name: "line") { c, v throws(ValueError) in c.feedback.line = try ConfigValue.text(v, meaning: lineMeaning) },
        ConfigKey(name: "chip") { c, v throws(ValueError) in c.feedback.chip = try ConfigValue.text(v, meaning: chipMeaning) },
        ConfigKey(name: "pulse") { c, v throws(ValueError) in c.feedback.pulse = try ConfigValue.duration(v, in: .milliseconds(1) ... .seconds(1)) },
        ConfigKey(name: "blink-on-pattern-change") { c, v throws(ValueError) in c.feedback.blinkOnPatternChange = try BoolSyntax.parse(v) },
    ])

    static let board = ConfigSection(name: "board", keys: [
        ConfigKey(name: "name") { c, v throws(ValueError) in c.board.name = try ConfigValue.text(v, meaning: "auto or a board id") },
        ConfigKey(name: "stealth-leds") { c, v throws(ValueError) in
            c.board.stealthLEDs = v == "none" ? [] : try ConfigValue.list(v, meaning: "none or a comma-separated list of /sys/class/leds names, e.g. ACT, PWR")
        },
    ])

    static let service = ConfigSection(name: "service", keys: [
        ConfigKey(name: "socket") { c, v throws(ValueError) in
            // sockaddr_un.sun_path holds 108 bytes including the terminating NUL.
            guard !v.isEmpty, v.utf8.count <= 107 else { throw ValueError(value: v, allowed: "a socket path of 1 to 107 bytes") }
            c.service.socket = v
        },
        ConfigKey(name: "socket-group") { c, v throws(ValueError) in c.service.socketGroup = try ConfigValue.text(v, meaning: "a group name") },
        ConfigKey(name: "state-file") { c, v throws(ValueError) in c.service.stateFile = try ConfigValue.text(v, meaning: "a file path") },
        ConfigKey(name: "scheduler-priority") { c, v throws(ValueError) in c.service.schedulerPriority = try ConfigValue.integer(v, in: 1...99) },
        ConfigKey(name: "watchdog") { c, v throws(ValueError) in c.service.watchdog = try BoolSyntax.parse(v) },
        ConfigKey(name: "cpu-latency") { c, v throws(ValueError) in c.service.cpuLatency = try BoolSyntax.parse(v) },
        ConfigKey(name: "share-cpu") { c, v throws(ValueError) in c.service.shareCPU = try BoolSyntax.parse(v) },
    ])
}
