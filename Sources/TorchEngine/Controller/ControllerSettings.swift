import TorchCore

/// Everything the controller decides with: the config's behaviour, the output's mapping,
/// the saved state and the command line's requests. No descriptors, no clock.
public struct ControllerSettings {
    /// The state machine's settings (button mode, timings, sleep timer, patterns…).
    public var torch: TorchSettings
    /// Lightness → duty for this output.
    public var mapping: OutputMapping
    /// Pattern names the control socket accepts.
    public var library: PatternLibrary
    /// The last state, restored at start (nil: start from the settings).
    public var restoring: PersistentState?
    /// The light the service's last process handed over (a restart): it goes on as it
    /// was, in phase, instead of `restoring` and the start rule.
    public var resuming: Resumption?
    /// Commands applied at start, e.g. `.pattern(.blink…)` for `torch blink`
    /// (`Request.controlCommands`); patterns are given, not named.
    public var initialCommands: [ControlCommand]
    /// Go dark and stop this long after the start (`--for`); nil: until stopped.
    public var runFor: Duration?
    /// The light itself acknowledges a pattern change with a short blink.
    public var blinkOnPatternChange: Bool
    /// How often to tell the service manager the output is healthy (`WatchdogSec` / 2);
    /// nil: no watchdog.
    public var watchdogInterval: Duration?
    /// The output driven, for status.
    public var backend: Backend
    /// Stealth has status LEDs to darken (`[board] stealth-leds`, or the board profile's
    /// found here). Without them stealth still changes the state (the web page's black
    /// screen) and says that nothing was darkened.
    public var hasStatusLEDs = true
    /// Re-reads the config (SIGHUP, `reload`); nil: reload is not possible in this mode.
    public var reload: (() -> Result<ReloadedConfig, ReloadError>)?
    /// A light sensor looks at the LED (`[sensor]` with a device and `watch = yes`): the
    /// controller watches its readings against the mapping's calibration ("LED dark").
    public var watchesLight = false
    /// A remote front end's virtual press (the web page) is released this long after
    /// its press or last renewal: the dead-man rule, with or without a page id.
    public var remotePressLease: Duration = .seconds(1)
    /// The service's process id, for the status (`pid`): a `torch run` that finds this
    /// service in its way names it. The service fills it in; nil in a bare controller.
    public var processID: Int32?

    public init(torch: TorchSettings, mapping: OutputMapping, library: PatternLibrary = .standard,
                restoring: PersistentState? = nil, initialCommands: [ControlCommand] = [],
                runFor: Duration? = nil, blinkOnPatternChange: Bool = false,
                watchdogInterval: Duration? = nil, backend: Backend = .sim,
                reload: (() -> Result<ReloadedConfig, ReloadError>)? = nil) {
        self.torch = torch
        self.mapping = mapping
        self.library = library
        self.restoring = restoring
        self.initialCommands = initialCommands
        self.runFor = runFor
        self.blinkOnPatternChange = blinkOnPatternChange
        self.watchdogInterval = watchdogInterval
        self.backend = backend
        self.reload = reload
    }
}

/// What a config reload yields.
public struct ReloadedConfig {
    public var settings: TorchSettings
    public var mapping: OutputMapping
    public var library: PatternLibrary
    /// What changed that only a restart applies (`TorchConfig.restartOnlyChanges`):
    /// `[service] socket`, `[web]`…; said in the reload's log line.
    public var restartOnly: [String]

    public init(settings: TorchSettings, mapping: OutputMapping, library: PatternLibrary, restartOnly: [String] = []) {
        self.settings = settings
        self.mapping = mapping
        self.library = library
        self.restartOnly = restartOnly
    }
}

/// Why a reload was refused (the running config is kept): one line per problem.
public struct ReloadError: Error {
    public var lines: [String]
    public init(_ lines: [String]) { self.lines = lines }
}
