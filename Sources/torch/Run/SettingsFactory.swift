import TorchCore
import TorchEngine

/// Turns the config file's values into the state machine's settings and the pattern
/// library (built-ins with the config's parameters, plus `[pattern.NAME]` sections).
enum SettingsFactory {
    static func library(_ c: TorchConfig) throws(PatternLibraryError) -> PatternLibrary {
        var custom: [String: String] = [:]
        for p in c.customPatterns { custom[p.name] = p.steps }
        return try PatternLibrary(blinkSpeed: c.light.blinkSpeed, breathePeriod: c.light.breathePeriod,
                                  sosUnit: c.light.sosUnit, custom: custom)
    }

    static func settings(_ c: TorchConfig, library: PatternLibrary) throws(PatternLibraryError) -> TorchSettings {
        var cycle: [Pattern] = []
        for name in c.light.patterns { cycle.append(try library.lookup(name)) }
        return TorchSettings(
            buttonMode: c.button.mode,
            gestureTiming: GestureTiming(debounce: c.button.debounce, holdTime: c.button.holdTime,
                                         doubleTapWindow: c.button.doubleTapWindow, longHoldTime: c.button.longHold),
            tapAction: c.button.onTap, doubleTapAction: c.button.onDoubleTap, longHoldAction: c.button.onLongHold,
            lightByDefault: c.light.lightByDefault, sleepTimer: c.light.sleepTimer, sleepFade: c.light.sleepFade,
            patterns: cycle.isEmpty ? [.steady] : cycle,
            brightness: c.light.brightness, rampTime: c.button.rampTime)
    }

    static func mapping(_ c: TorchConfig, curve: BrightnessCurve?) -> OutputMapping {
        OutputMapping(curve: curve ?? c.light.curve, maxDuty: c.light.maxBrightness.fraction)
    }

    static func scheduler(_ c: TorchConfig) -> SchedulerSettings {
        SchedulerSettings(realtimePriority: c.service.schedulerPriority, lockMemory: true,
                          softPWMFrequency: c.output.softPWMFrequency)
    }
}
