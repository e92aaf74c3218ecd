/// The torch's behaviour settings, named after their config keys; defaults documented
/// per field. Check a combination with `validate()` before use.
public struct TorchSettings: Equatable, Sendable {
    /// `button-mode`: default `smart`. `hold-for-light = yes` means `momentary`.
    public var buttonMode: ButtonMode
    /// Debounce, hold time, double-tap window and long-hold time.
    public var gestureTiming: GestureTiming
    /// `tap-action` (smart mode): default `toggle`.
    public var tapAction: GestureAction
    /// `double-tap-action` (smart mode): default `next-pattern`.
    public var doubleTapAction: GestureAction
    /// `long-hold-action` (smart mode, from dark): default `sos`.
    public var longHoldAction: GestureAction
    /// `light-by-default`: lit at every start, whatever was saved (the boot-time light;
    /// the seed's "the light turns on each time the main view appears"). Default off.
    /// Mutually exclusive with hold-for-light (`buttonMode == .momentary`).
    public var lightByDefault: Bool
    /// `at-start`: without light-by-default, `restore` lights a start iff the user left
    /// the light lit; `off` keeps every start dark. Default `restore`.
    public var atStart: StartRule
    /// `sleep-timer`: auto-off after the light has been on this long, restarted whenever
    /// the user turns it on or changes pattern or brightness. Default nil (never).
    public var sleepTimer: Duration?
    /// `sleep-fade`: the fade-out when the sleep timer runs out (every output dims: sysfs
    /// PWM, software PWM on a GPIO line, the simulated LED); 0 turns the light straight
    /// off. Default 3 s.
    public var sleepFade: Duration
    /// `patterns`: the cycle for next-pattern, in order. Default: steady only.
    public var patterns: [Pattern]
    /// `pattern`: the pattern at start when no state is saved. Default: the first of
    /// `patterns`.
    public var pattern: Pattern?
    /// The SOS that the `sos` action plays (`sos-unit` sets its Morse unit). Default:
    /// 150 ms units.
    public var sos: Pattern
    /// `brightness`: the brightness when there is no saved state. Default 100 %.
    public var brightness: Brightness
    /// `ramp-time`: how long a hold takes to ramp brightness across the full range
    /// (1 % to 100 %). Default 2 s.
    public var rampTime: Duration
    /// `[gestures]` beyond `1c` and `2c` (which are `tapAction`, `doubleTapAction`).
    /// Default `GestureMap.standard`.
    public var gestures: GestureMap = .standard
    /// `floor` / `ceiling`: the ramp's range, the floor and ceiling actions, lockout's
    /// glow (floor). Default 1 % and 100 %.
    public var floor: Brightness = Brightness(clamping: Brightness.minimum)
    public var ceiling: Brightness = .full
    /// `max-brightness`: the highest level anything lights at (a thermal or current
    /// limit): every level asked for above it (a command, the web slider, MQTT, the
    /// ramp, the ceiling action) is `min(level, max)`, the seed's clamp. Default 100 %.
    public var maxBrightness: Brightness = .full
    /// `memory`, `memory-level`, `hybrid-after`: the level a light from dark comes on
    /// at. Default automatic (the last level), 100 %, 10 min.
    public var memory: MemoryRule = .automatic
    public var memoryLevel: Brightness = .full
    public var hybridAfter: Duration = .seconds(600)
    /// `transition`: every level change fades over this. Default 0 (instant).
    public var transition: Duration = .zero
    /// `auto-lock`: lockout after dark this long. Default nil (never).
    public var autoLock: Duration?
    /// `sunset-step`: each sunset acknowledgement blink adds this. Default 5 min.
    public var sunsetStep: Duration = .seconds(300)
    /// `simple-ui`: start in the Simple UI; `simple-ui-ceiling` its highest level.
    /// Default no, 50 %.
    public var simpleUI = false
    public var simpleUICeiling: Brightness = Brightness(clamping: 0.5)
    /// `remote-flashing`: remote front ends (web, MQTT) may start a pattern that flashes
    /// more than three times a second (`RemotePatternRule`). Default no.
    public var remoteFlashing = false

    /// The whole gesture map: `1c` = `tapAction`, `2c` = `doubleTapAction`, the rest
    /// from `gestures`.
    public var gestureMap: GestureMap {
        var m = gestures
        m[.clicks(1)] = tapAction
        m[.clicks(2)] = doubleTapAction
        return m
    }

    public static let defaultSleepFade: Duration = .seconds(3)
    public static let defaultRampTime: Duration = .seconds(2)

    public init(
        buttonMode: ButtonMode = .smart,
        gestureTiming: GestureTiming = .standard,
        tapAction: GestureAction = .toggle,
        doubleTapAction: GestureAction = .nextPattern,
        longHoldAction: GestureAction = .sos,
        lightByDefault: Bool = false,
        atStart: StartRule = .restore,
        sleepTimer: Duration? = nil,
        sleepFade: Duration = TorchSettings.defaultSleepFade,
        patterns: [Pattern] = [.steady],
        pattern: Pattern? = nil,
        sos: Pattern = .sos,
        brightness: Brightness = .full,
        rampTime: Duration = TorchSettings.defaultRampTime
    ) {
        self.buttonMode = buttonMode
        self.gestureTiming = gestureTiming
        self.tapAction = tapAction
        self.doubleTapAction = doubleTapAction
        self.longHoldAction = longHoldAction
        self.lightByDefault = lightByDefault
        self.atStart = atStart
        self.sleepTimer = sleepTimer
        self.sleepFade = sleepFade
        self.patterns = patterns
        self.pattern = pattern
        self.sos = sos
        self.brightness = brightness
        self.rampTime = rampTime
    }

    /// Whether a start is lit: always with `lightByDefault`, else as `atStart` says
    /// (`restore`: the saved lit state; `off`: dark). A start's light is the start
    /// rule's doing, not the user's.
    public func startsLit(restoring saved: PersistentState?) -> Bool {
        let settings = saved.map { $0.settings.applied(to: self) } ?? self
        return settings.lightByDefault || (atStart == .restore && saved?.lit == true)
    }

    /// Whether a start drives the output active at its first instant: lit, and the
    /// start pattern (the saved one, else the configured one) begins with light. The
    /// GPIO line is then requested with the lit level as its initial value, so the
    /// firmware's power-on light (`torch boot-line`) hands over with no dark gap.
    public func startsWithLight(restoring saved: PersistentState?) -> Bool {
        guard startsLit(restoring: saved) else { return false }
        return startPattern(restoring: saved).timeline().startLevel > 0
    }

    /// The pattern a start plays: the saved one, else `pattern`, else the first of the
    /// cycle.
    public func startPattern(restoring saved: PersistentState?) -> Pattern {
        saved?.pattern ?? pattern ?? patterns.first ?? .steady
    }

    /// Throws the first combination that cannot work, naming the config keys involved.
    /// The config parser adds the file and line.
    public func validate() throws(SettingsConflict) {
        if lightByDefault && buttonMode == .momentary {
            throw SettingsConflict(keys: ["light-by-default", "hold-for-light"],
                                   message: "light-by-default and hold-for-light are mutually exclusive: a light held only while pressed cannot be lit at start")
        }
        let t = gestureTiming
        if t.debounce < .zero {
            throw SettingsConflict(keys: ["debounce"], message: "debounce must not be negative")
        }
        if t.holdTime <= t.debounce {
            throw SettingsConflict(keys: ["hold-time", "debounce"], message: "hold-time must be longer than debounce")
        }
        if t.doubleTapWindow <= .zero {
            throw SettingsConflict(keys: ["double-tap-window"], message: "double-tap-window must be longer than 0")
        }
        if t.longHoldTime <= t.holdTime {
            throw SettingsConflict(keys: ["long-hold-time", "hold-time"], message: "long-hold-time must be longer than hold-time")
        }
        if let s = sleepTimer, s <= .zero {
            throw SettingsConflict(keys: ["sleep-timer"], message: "sleep-timer must be longer than 0")
        }
        if sleepFade < .zero {
            throw SettingsConflict(keys: ["sleep-fade"], message: "sleep-fade must not be negative")
        }
        if rampTime <= .zero {
            throw SettingsConflict(keys: ["ramp-time"], message: "ramp-time must be longer than 0")
        }
        if floor > ceiling {
            throw SettingsConflict(keys: ["floor", "ceiling"], message: "floor (\(floor)) must not be above ceiling (\(ceiling))")
        }
        if longHoldAction == .ramp || GestureName.all.contains(where: { $0 != .clickHold(1) && gestureMap[$0] == .ramp }) {
            throw SettingsConflict(keys: ["gestures"], message: "ramp is the hold of 1h only: another gesture cannot ramp")
        }
    }
}

/// Settings that cannot work together (or one that cannot work at all).
public struct SettingsConflict: Error, Equatable, Sendable, CustomStringConvertible {
    /// The config keys involved, as the user writes them.
    public var keys: [String]
    /// The whole message, naming every key, e.g. "light-by-default and hold-for-light are
    /// mutually exclusive: …".
    public var message: String

    public init(keys: [String], message: String) {
        self.keys = keys
        self.message = message
    }

    public var description: String { message }
}
