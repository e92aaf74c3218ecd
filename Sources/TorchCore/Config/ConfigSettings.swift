/// The config file's values as the torch uses them: the pattern library (built-ins with
/// the config's parameters, plus `[pattern.NAME]` sections) and the state machine's
/// settings. Every `[light]` and `[button]` key reaches what it names from here.
extension PatternLibrary {
    public init(config c: TorchConfig) throws(PatternLibraryError) {
        var custom: [String: String] = [:]
        for p in c.customPatterns { custom[p.name] = p.steps }
        try self.init(blinkSpeed: c.light.blinkSpeed, breathePeriod: c.light.breathePeriod,
                      sosUnit: c.light.sosUnit, sosStyle: c.light.sosStyle, custom: custom)
    }
}

extension TorchSettings {
    /// `[light] pattern` is the pattern at start (when nothing is saved), `sos-unit` the
    /// SOS of the `sos` action, `patterns` the next-pattern cycle.
    public init(config c: TorchConfig, library: PatternLibrary) throws(PatternLibraryError) {
        var cycle: [Pattern] = []
        for name in c.light.patterns { cycle.append(try library.lookup(name)) }
        self.init(
            buttonMode: c.button.mode,
            gestureTiming: GestureTiming(debounce: c.button.debounce, holdTime: c.button.holdTime,
                                         doubleTapWindow: c.button.doubleTapWindow, longHoldTime: c.button.longHold,
                                         stuckAfter: c.button.stuckAfter),
            tapAction: c.button.onTap, doubleTapAction: c.button.onDoubleTap, longHoldAction: c.button.onLongHold,
            lightByDefault: c.light.lightByDefault, atStart: c.light.atStart, sleepTimer: c.light.sleepTimer, sleepFade: c.light.sleepFade,
            patterns: cycle.isEmpty ? [.steady] : cycle,
            pattern: try library.lookup(c.light.pattern), sos: try library.lookup("sos"),
            brightness: c.light.brightness, rampTime: c.button.rampTime)
        gestures = GestureMap(c.gestures)
        floor = c.light.floor
        ceiling = c.light.ceiling
        maxBrightness = c.light.maxBrightness
        memory = c.light.memory
        memoryLevel = c.light.memoryLevel
        hybridAfter = c.light.hybridAfter
        transition = c.light.transition
        autoLock = c.button.autoLock
        sunsetStep = c.button.sunsetStep
        simpleUI = c.button.simpleUI
        simpleUICeiling = c.button.simpleUICeiling
        remoteFlashing = c.light.remoteFlashing
    }
}
