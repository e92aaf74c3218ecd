/// The torch's brain: gestures and commands in, a `LightProgram` and events out. Pure and
/// driven by explicit instants, so every timing rule is tested with a manual clock.
///
/// Smart mode (the composite switch), ON button:
/// - a press while dark lights at once, held only by the button (momentary);
/// - a tap applies `tapAction` (default toggle) to the state before its press: from dark
///   the light latches on, from lit it goes off;
/// - held past the hold time from dark it stays momentary (dark on release:
///   hold-for-light); a long hold from dark runs `longHoldAction` (default SOS) and stays
///   latched; a long hold while lit is just a longer brightness ramp;
/// - held while latched lit, brightness ramps (each new hold reverses direction, full
///   range in `rampTime`, 1 %…100 %, updated every `rampTickInterval`);
/// - a double tap applies `doubleTapAction` (default next-pattern) to the state before
///   its second press. The first tap has already acted (no waiting), so from dark:
///   tap 1 latches on, then the next pattern, staying on; from lit: tap 1 turns it off,
///   press 2 relights it at once, then the next pattern, on. Either way it ends lit with
///   the next pattern.
///
/// Toggle mode: each press toggles. Momentary mode: lit exactly while pressed. In both,
/// tap, double-tap and long-hold actions do not apply. Any press of the OFF button stops
/// everything: dark, SOS and ramps stopped, sleep timer and fade cleared, and the rest of
/// an ON press in progress ignored. Any press during the sleep fade brings the light back
/// (as a phone's screen wakes on touch) and the rest of that press is ignored.
///
/// The sleep timer restarts whenever the user turns the light on or changes pattern or
/// brightness. At expiry the light fades to dark over `sleepFade` (0: straight off).
public struct TorchStateMachine: Sendable {
    /// How often brightness is updated during a ramp: 50 Hz.
    public static let rampTickInterval: Duration = .milliseconds(20)

    /// The settings in force: the config's (`baseSettings`) with `userSettings` on top.
    public internal(set) var settings: TorchSettings
    /// The config's settings (a reload replaces them).
    public internal(set) var baseSettings: TorchSettings
    /// Settings changed at run time, remembered in the state file.
    public internal(set) var userSettings: UserSettings
    /// The button mode in force: the config's (the only place that sets it).
    public internal(set) var buttonMode: ButtonMode
    /// True while the light emits (latched, momentary, or fading out).
    public var lit: Bool { modes.lit }
    /// True when lit only while the ON button is held (the light while pressed).
    public var momentary: Bool { lighting == .whileHeld }
    public internal(set) var brightness: Brightness
    /// The chosen pattern (SOS runs over it without replacing it; see `currentPattern`).
    public internal(set) var pattern: Pattern
    /// True while an SOS started by the long-hold (or another) action runs.
    public internal(set) var sosActive = false
    /// The board's own status LEDs dark.
    public internal(set) var stealth = false
    /// When the sleep timer runs out; nil when it is not running.
    public internal(set) var sleepDeadline: Instant?
    /// When the sleep (or sunset) fade ends; nil when not fading. Not one value with
    /// `sleepDeadline`: a hold begun before the timer ran out ramps during the fade,
    /// and each ramp step restarts the timer while the fade still owns the light.
    public var fadeEnd: Instant? { modes.find(SleepFade.self)?.end }
    /// The light's own state (dark or latched, the base mode) with the program it plays,
    /// and the overlays over it (`ModeStack`).
    var modes: ModeStack {
        didSet { if modes.program != oldValue.program { programGeneration &+= 1 } }
    }
    /// What the output should play now: the top of the mode stack.
    public var program: LightProgram { modes.program }
    /// Increments whenever `program` changes: the engine hands the new one to the scheduler.
    public private(set) var programGeneration: UInt64 = 0
    /// Everything up to this instant has been processed.
    public internal(set) var now: Instant

    /// A brightness ramp in progress (smart mode, held while lit).
    struct Ramp: Sendable {
        var start: Instant
        var from: Brightness
        var up: Bool
        /// The next brightness update; nil once a bound is reached.
        var nextTick: Instant?
    }

    /// How often the sunset timer's acknowledgement blinks come while held: 1 s.
    public static let sunsetBlinkInterval: Duration = .seconds(1)
    /// How long an acknowledgement blink is dark: 100 ms.
    public static let ackBlinkLength: Duration = .milliseconds(100)

    /// Lockout: the button only gives the floor level while held (its glow).
    public var lockout: Lockout { modes.layer(LockoutMode.self).map { $0.glowing ? .glowing : .locked } ?? .unlocked }
    /// True while the button is locked out.
    public var locked: Bool { lockout.isLocked }
    /// Momentary mode (the `momentary` action): lit exactly while held.
    public var momentaryModeOn: Bool { modes.layer(MomentaryMode.self) != nil }
    /// The Simple UI: a capped level and a small gesture set.
    public var simpleUI: Bool { modes.layer(SimpleUIMode.self) != nil }
    /// The manual memory level (`memory-level`, or the last `memory` gesture's save).
    public internal(set) var manualLevel: Brightness
    /// Since when the light has been dark; nil while lit.
    public internal(set) var darkSince: Instant?
    /// Smart mode's press and click sequence in progress (`SmartButtons`).
    var clicks = SmartButtons.Clicks()
    /// The sunset timer being set, while the button is held.
    var sunset: SunsetSetup? { modes.find(SunsetSetup.self) }
    /// When the transition in progress ends; nil when none runs.
    public var transitionEnd: Instant? { modes.find(LevelTransition.self)?.end }
    /// The transition of the command being handled (`--transition`), over the config's:
    /// the command's parameter, nil between calls whatever transition runs, so not
    /// part of the `LevelTransition`.
    var transitionOverride: Duration?
    /// The readout gesture asked for its number; the I/O shell reads it (`showReadout`).
    /// Not one phase with `readoutEnd`: the gesture can wait for its number while a
    /// flash (or an earlier readout) plays, and a command ends what plays, not the wait.
    public internal(set) var wantsReadout = false
    /// When the readout (or a flash, `showFlash`) playing now ends (then the light is as
    /// it was); nil when none.
    public var readoutEnd: Instant? { modes.find(FlashOrReadout.self)?.end }

    var ramp: Ramp?
    /// The load average the heartbeat effect follows (TorchStateMachine+Load).
    var heartbeatLoad = HeartbeatLoad()
    /// The direction of the next ramp: each new hold reverses it. It outlives every
    /// ramp (`ramp` is nil between holds); while one runs it is that ramp's opposite.
    var rampUpNext = true
    var events: [TorchEvent] = []
    /// The persistent state last reported with `.stateChanged`.
    var reportedState: PersistentState

    /// Starts with the saved brightness and pattern when there are some, else the
    /// configured ones (`settings.pattern`, else the first of the cycle). Lit when
    /// `lightByDefault` (every start), else as `atStart` says: the saved lit state
    /// (`restore`) or dark (`off`). The button mode is always the config's.
    ///
    /// `resuming`: the service's last process handed the light over (a restart): `saved`
    /// is the state it left, lit or dark as it was, not as the start rule says.
    public init(settings base: TorchSettings, restoring saved: PersistentState?, resuming: Bool = false, now: Instant) {
        let user = saved?.settings ?? UserSettings()
        let settings = user.applied(to: base)
        self.settings = settings
        baseSettings = base
        userSettings = user
        self.now = now
        buttonMode = settings.buttonMode
        manualLevel = settings.memoryLevel
        // The remembered level stays the owner's: `max-brightness` caps what is lit
        // (`shownBrightness`), never what is kept, so a cap later removed lights it again.
        brightness = saved?.brightness ?? settings.brightness
        pattern = settings.startPattern(restoring: saved)
        let lit = resuming ? saved?.lit == true : settings.startsLit(restoring: saved)
        let start = LightProgram(timeline: lit ? pattern.timeline() : .dark, brightness: brightness, startedAt: now)
        modes = ModeStack(base: lit ? SteadyMode(program: start) as any BaseMode : OffMode(program: start))
        if settings.simpleUI { modes.enter(SimpleUIMode()) }
        // Lighting (or not) at start is the start rule's doing, not the user's: it is not
        // remembered, so the saved lit state stays as the user left it.
        var reported = saved ?? PersistentState(brightness: brightness, pattern: pattern, buttonMode: buttonMode, lit: lit)
        reported.lit = lit
        reportedState = reported
        if lit {
            restartSleepTimer(at: now)
        } else {
            darkSince = now
        }
        // What is lit is under the caps.
        modes.ownProgram.brightness = shownBrightness
        // Stealth left on stays on: the status LEDs go dark again at start.
        if saved?.stealth == true { setStealth(true) }
        reportChanges()
    }

    /// The pattern playing while lit: SOS while an SOS runs, else the chosen one.
    public var currentPattern: Pattern { sosActive ? settings.sos : pattern }

    /// What to save so the next start keeps this state.
    public var persistentState: PersistentState {
        PersistentState(brightness: brightness, pattern: pattern, buttonMode: buttonMode, lit: lit && !momentary,
                        settings: userSettings, stealth: stealth)
    }

    /// The next instant `advance(to:)` has work: a ramp tick, the sleep timer, the fade
    /// end, the heartbeat's next cycle with a new load.
    public var nextDeadline: Instant? {
        ([ramp?.nextTick, sleepDeadline, autoLockDeadline, heartbeatRetune].compactMap { $0 } + modes.deadlines).min()
    }

    /// When auto-lock locks the button: `auto-lock` after the light went dark.
    var autoLockDeadline: Instant? {
        guard lockout == .unlocked, !lit, let after = settings.autoLock, let since = darkSince else { return nil }
        return since + after
    }

    /// Runs every timer due up to `time`.
    public mutating func advance(to time: Instant) {
        runTimers(upTo: time)
        reportChanges()
    }

    /// Acts on a gesture of one button, at the gesture's instant (timers due before it run first).
    public mutating func handle(_ gesture: Gesture, from button: ButtonRole) {
        runTimers(upTo: gesture.at)
        let t = now
        // A press goes to the overlays first (a readout ends, the sleep fade wakes).
        let usedUp = gesture.kind == .press && pressOverlays(button, at: t)
        switch button {
        case .off:
            if gesture.kind == .press {
                events.append(.gestureRecognized(.press))
                stopEverything(at: t)
                refreshProgram(at: t)
            }
        case .on:
            switch (gesture.kind, buttonMode) {
            case (.press, .longPress):
                // The lock-screen mode's touch-down pulse.
                events.append(.gestureRecognized(.press))
            case (_, .longPress):
                break
            case (.tap, _), (.doubleTap, _), (.holdStart, _), (.clickHold, _), (.longHold, _), (.holdEnd, _):
                events.append(.gestureRecognized(gesture.kind))
            case (.click, _), (.clicksEnded, _):
                events.append(.gestureRecognized(gesture.kind, count: gesture.count))
            case (.press, _), (.release, _):
                break
            }
            if !usedUp { _ = buttonMode.layer.handle(gesture, at: t, in: &self) }
        }
        reportChanges()
    }

    /// Acts on a command from the command line or the control socket; `transition`
    /// (a command's `--transition`) replaces `[light] transition` for the level changes
    /// it makes.
    public mutating func handle(_ command: TorchCommand, at time: Instant, transition: Duration? = nil) {
        runTimers(upTo: time)
        transitionOverride = transition
        defer { transitionOverride = nil }
        let t = now
        for overlay in modes.overlays { overlay.commanded(at: t, in: &self) }
        switch command {
        case let .on(b):
            if let b { changeBrightness(to: b) }
            turnOn(at: t, recall: b == nil)
            refreshProgram(at: t)
        case .off:
            stopEverything(at: t)
            refreshProgram(at: t)
        case .toggle:
            toggle(at: t)
        case let .setPattern(p):
            pattern = p
            sosActive = false
            turnOn(at: t)
            refreshProgram(at: t, restart: true)
        case let .choosePattern(p):
            pattern = p
            sosActive = false
            refreshProgram(at: t, restart: true)
        case let .setBrightness(b):
            changeBrightness(to: b)
            if lit {
                leave(SleepFade.self, at: t)
                restartSleepTimer(at: t)
            }
            refreshProgram(at: t)
        case .nextPattern:
            advancePattern()
            turnOn(at: t)
            refreshProgram(at: t, restart: true)
        case let .stealth(on):
            setStealth(on)
        case let .settings(change):
            userSettings = userSettings.merging(change)
            applySettings(userSettings.applied(to: baseSettings), at: t)
        }
        switch command {
        case .on, .off, .toggle, .setPattern, .nextPattern:
            // The command decided lit or dark: the rest of a press in progress must not
            // undo it, nor a click sequence waiting for its end.
            clicks.press?.cancelled = true
            clicks.pending = nil
        case .setBrightness, .stealth, .choosePattern, .settings:
            break
        }
        reportChanges()
    }

    /// Hands a press to the overlays, the bottom one first; true when one used it up.
    mutating func pressOverlays(_ button: ButtonRole, at t: Instant) -> Bool {
        var usedUp = false
        for overlay in modes.overlays where overlay.pressed(button, at: t, in: &self) { usedUp = true }
        return usedUp
    }

    /// The events since the last call, oldest first.
    public mutating func takeEvents() -> [TorchEvent] {
        defer { events.removeAll() }
        return events
    }

    /// What `torch status` shows at `time`.
    public func statusSummary(at time: Instant) -> TorchStatus {
        var status = TorchStatus(
            lit: lit, litWhileHeld: momentary, brightness: shownBrightness, pattern: currentPattern,
            buttonMode: buttonMode, stealth: stealth,
            sleepRemaining: sleepDeadline.map { max(.zero, $0 - time) },
            fading: fadeEnd != nil, lightByDefault: settings.lightByDefault, sleepTimer: settings.sleepTimer)
        status.lockedOut = locked
        return status
    }

    /// Appends `.stateChanged` when the persistent state differs from the last reported
    /// one. Not during a ramp: saving at 50 Hz is pointless; the ramp's end reports it.
    mutating func reportChanges() {
        guard ramp == nil else { return }
        let s = persistentState
        if s != reportedState {
            reportedState = s
            events.append(.stateChanged)
        }
    }
}
