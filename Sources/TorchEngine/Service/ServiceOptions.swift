import TorchCore
import TorchHardware

/// Everything `TorchService` needs besides the output: decided by the CLI from the
/// command line, the config file and the state file.
public struct ServiceOptions {
    /// The state machine's settings (button mode, timings, sleep timer, patterns…).
    public var settings: TorchSettings
    /// Lightness → duty for this output.
    public var mapping: OutputMapping
    /// The scheduler's priority, memory locking and PWM rates.
    public var scheduler: SchedulerSettings
    /// The last state, restored at start (nil: start from the settings).
    public var restoring: PersistentState?
    /// Commands applied at start, e.g. `.setPattern(.blink…)` for `torch blink`.
    public var initialCommands: [TorchCommand]
    /// Go dark and stop after this long (`--for`).
    public var runFor: Duration?
    /// `--trace FILE`.
    public var tracePath: String?
    /// Draw the simulated LED and read the keyboard as the button(s).
    public var interactive: Bool
    /// Where to save the state on every change (nil: not saved).
    public var stateFilePath: String?
    /// Button inputs (GPIO lines); empty when there are none.
    public var buttons: [any ButtonInput]
    /// Lines printed before the live display starts (backend, scheduler, hints).
    public var banner: [String]
    /// Print the banner and log lines (off for benches that run the service inside).
    public var verbose = true
    /// When the process started (CLOCK_MONOTONIC), to report the time to the first light.
    public var processStart: Instant?
    /// The control socket to serve (`torch run`); nil = none.
    public var control: ControlServerSettings?
    /// Pattern names the control socket accepts.
    public var library: PatternLibrary = .standard
    /// The backend's short name for status: "sim", "gpiod" or "pwm".
    public var backendName = "sim"
    /// The board's status LEDs, dark while in stealth (and put back on every stop).
    public var statusLEDs: StatusLEDs?
    /// Where the LEDs' saved triggers are kept while dark, so a crashed run is undone
    /// at the next start.
    public var statusLEDSavePath: String?
    /// The buzzer/indicator that pulses when a gesture is recognised.
    public var feedback: FeedbackPulser?
    /// The light itself acknowledges a pattern change with a short blink.
    public var blinkOnPatternChange = false
    /// Re-reads the config (SIGHUP, `reload`); nil = reload not possible in this mode.
    public var reload: (() -> Result<ReloadedConfig, ReloadError>)?

    public init(settings: TorchSettings, mapping: OutputMapping, scheduler: SchedulerSettings = SchedulerSettings(),
                restoring: PersistentState? = nil, initialCommands: [TorchCommand] = [], runFor: Duration? = nil,
                tracePath: String? = nil, interactive: Bool = false, stateFilePath: String? = nil,
                buttons: [any ButtonInput] = [], banner: [String] = []) {
        self.settings = settings
        self.mapping = mapping
        self.scheduler = scheduler
        self.restoring = restoring
        self.initialCommands = initialCommands
        self.runFor = runFor
        self.tracePath = tracePath
        self.interactive = interactive
        self.stateFilePath = stateFilePath
        self.buttons = buttons
        self.banner = banner
    }
}

/// What a config reload yields.
public struct ReloadedConfig {
    public var settings: TorchSettings
    public var mapping: OutputMapping
    public var library: PatternLibrary

    public init(settings: TorchSettings, mapping: OutputMapping, library: PatternLibrary) {
        self.settings = settings
        self.mapping = mapping
        self.library = library
    }
}

/// Why a reload was refused (the running config is kept): one line per problem.
public struct ReloadError: Error {
    public var lines: [String]
    public init(_ lines: [String]) { self.lines = lines }
}
