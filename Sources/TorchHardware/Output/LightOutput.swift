import TorchCore

/// One light output. The scheduler thread is the only caller of `write`, and calls it
/// from its real-time loop: implementations must not allocate, lock or log there.
public protocol LightOutput: AnyObject {
    /// Which backend this output is.
    var kind: Backend { get }

    /// True when the output can only be fully on or fully off (a GPIO line): the
    /// scheduler then makes intermediate levels by software PWM.
    var isBinary: Bool { get }

    /// Drives the output. `duty` is 0…1 (for a binary output only 0 or 1 is passed).
    /// "Dark" is duty 0 with the output still driven (a disabled PWM floats).
    /// Returns 0 on success or an errno (the scheduler counts failures; it never logs).
    func write(duty: Double) -> Int32

    /// Goes dark and releases everything this output acquired (line requests, PWM
    /// channels it exported), putting the machine back as it was. Idempotent.
    func close()

    /// One line for the user: what this output is, e.g. "simulated LED" or
    /// "gpiochip0 line 18 (GPIO18) via libgpiod 1.6.3".
    var summary: String { get }

    /// 0 while the device behind the output is there, else the errno a write would get
    /// (default: 0; see the extension).
    func probe() -> Int32

    /// True for an output the service must look after on a timer: a GPIO line taken
    /// again when its chip comes back, since a steady line makes no write that could
    /// fail when its chip goes and not every kernel and libgpiod tell of it (default:
    /// false).
    var needsMaintenanceTimer: Bool { get }

    /// Service thread, now and then: looks after the output (`lastErrno`: the writes'
    /// last failure); what changed, for the log, or nil (default: nothing to do).
    func maintain(lastErrno: Int32) -> OutputMaintenance?

    /// Ends this process's hold on the output without changing what it shows, for the
    /// next process of the service to take over (a restart): a GPIO line's request
    /// stays open in systemd's store, a PWM channel keeps its duty and enable. Nothing is
    /// put back. After the scheduler stopped; idempotent (default: `close`).
    func handOver()

    /// The descriptor that keeps the output's level while no process runs, for
    /// systemd's file descriptor store: a GPIO line's request. Nil when the output
    /// keeps its level by itself (a PWM channel) or has none (default: nil).
    var heldDescriptor: Int32? { get }

    /// The output as the service's next process must find it to take it over (the
    /// handover record's `output=`); nil for one that cannot be taken over (the
    /// simulated LED) (default: nil).
    var handoverIdentity: HandoverRecord.Output? { get }
}

/// What looking after an output found.
public enum OutputMaintenance: Equatable, Sendable {
    /// The device went away (errno); said once until it is taken again.
    case gone(Int32)
    /// Opened again; the writer takes it at its next write.
    case reacquired
}

extension LightOutput {
    /// Whether the device behind the output is still there: 0, or the errno a write
    /// would get (ENODEV once a GPIO chip went away). Called from the service loop,
    /// never from the real-time thread. Outputs that cannot tell answer 0.
    public func probe() -> Int32 { 0 }
    public var needsMaintenanceTimer: Bool { false }
    public func maintain(lastErrno: Int32) -> OutputMaintenance? { nil }
    public func handOver() { close() }
    public var heldDescriptor: Int32? { nil }
    public var handoverIdentity: HandoverRecord.Output? { nil }
}
