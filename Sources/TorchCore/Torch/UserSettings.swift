/// Settings changed while the torch runs (the web page's settings screen, the control
/// protocol's `settings` request) over the config's, kept in the state file so they
/// survive restarts. nil leaves the config's value.
///
/// light-by-default and hold-for-light are mutually exclusive (a light held only while
/// pressed cannot be lit at start): turning one on turns the other off, so the
/// combination stays valid whatever the config says.
public struct UserSettings: Equatable, Sendable {
    /// `light-by-default`: lit at every start.
    public var lightByDefault: Bool?
    /// `hold-for-light`: the button in momentary mode (false: the config's mode, or
    /// `smart` when the config's is momentary).
    public var holdForLight: Bool?
    /// `sleep-timer` in whole seconds; `.zero` turns the config's timer off.
    public var sleepTimer: Duration?

    /// The range a sleep timer may take (as the config's `sleep-timer`).
    public static let sleepTimerRange: ClosedRange<Duration> = .seconds(1) ... .seconds(86_400)

    public init(lightByDefault: Bool? = nil, holdForLight: Bool? = nil, sleepTimer: Duration? = nil) {
        self.lightByDefault = lightByDefault
        self.holdForLight = holdForLight
        self.sleepTimer = sleepTimer
    }

    /// `d` rounded to whole seconds when that is within `sleepTimerRange`, else nil.
    public static func wholeSeconds(_ d: Duration?) -> Duration? {
        guard let d else { return nil }
        let s = Duration.seconds((d.nanoseconds + 500_000_000) / 1_000_000_000)
        return sleepTimerRange.contains(s) ? s : nil
    }

    /// True when nothing overrides the config.
    public var isEmpty: Bool { self == UserSettings() }

    /// These settings with `newer`'s given values on top; turning light-by-default on
    /// turns hold-for-light off and the other way round.
    public func merging(_ newer: UserSettings) -> UserSettings {
        var out = self
        if let l = newer.lightByDefault {
            out.lightByDefault = l
            if l { out.holdForLight = false }
        }
        if let h = newer.holdForLight {
            out.holdForLight = h
            if h { out.lightByDefault = false }
        }
        if let s = newer.sleepTimer { out.sleepTimer = s }
        return out
    }

    /// The config's settings with these on top.
    public func applied(to base: TorchSettings) -> TorchSettings {
        var s = base
        if let l = lightByDefault { s.lightByDefault = l }
        switch holdForLight {
        case true?: s.buttonMode = .momentary
        case false?: if s.buttonMode == .momentary { s.buttonMode = .smart }
        case nil: break
        }
        // A config with both on is refused at load; an old saved state cannot bring it back.
        if s.lightByDefault && s.buttonMode == .momentary { s.lightByDefault = false }
        if let t = sleepTimer { s.sleepTimer = t == .zero ? nil : t }
        return s
    }
}
