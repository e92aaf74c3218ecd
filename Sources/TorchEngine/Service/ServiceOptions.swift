import TorchCore
import TorchHardware

/// Everything `TorchService` needs besides the output: decided by the CLI from the
/// command line, the config file and the state file.
public struct ServiceOptions {
    /// What the controller decides with (behaviour, mapping, saved state, `--for`…).
    public var controller: ControllerSettings
    /// The scheduler's priority, memory locking and PWM rates.
    public var scheduler: SchedulerSettings
    /// `--trace FILE`.
    public var tracePath: String?
    /// Where the state is saved on every change (nil: not saved).
    public var stateFile: StateFile?
    /// The ways in: buttons, terminal, control socket. Served in this order.
    public var frontEnds: [any FrontEnd]
    /// Lines printed before the loop starts (backend, scheduler, hints).
    public var banner: [String]
    /// Print the banner and log lines (off for benches that run the service inside).
    public var verbose = true
    /// When the process started (CLOCK_MONOTONIC), to report the time to the first light.
    public var processStart: Instant?
    /// The board's status LEDs, dark while in stealth (and put back on every stop).
    public var statusLEDs: StatusLEDs?
    /// Where the LEDs' saved triggers are kept while dark, so a crashed run is undone
    /// at the next start.
    public var statusLEDSavePath: String?
    /// The buzzer/indicator that pulses when a gesture is recognised.
    public var feedback: FeedbackPulser?
    /// The feedback line is simulated (the simulated torch): each pulse is also a line
    /// in the terminal, as no buzzer sounds.
    public var feedbackSimulated = false
    /// How the readout's number and the load average are read when the controller asks.
    public var sensors = SensorReaders()
    /// torch's version (`GET /metrics`' `torch_build_info`).
    public var version = ""
    /// How the light outlives the process under systemd (a restart hands it over); nil:
    /// every stop puts it back (a torch in the foreground, a unit without the store).
    public var handover: (any ServiceHandover)?

    public init(controller: ControllerSettings, scheduler: SchedulerSettings = SchedulerSettings(),
                tracePath: String? = nil, stateFile: StateFile? = nil, frontEnds: [any FrontEnd] = [],
                banner: [String] = []) {
        self.controller = controller
        self.scheduler = scheduler
        self.tracePath = tracePath
        self.stateFile = stateFile
        self.frontEnds = frontEnds
        self.banner = banner
    }
}
