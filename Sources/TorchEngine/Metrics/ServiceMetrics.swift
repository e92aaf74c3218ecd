import TorchCore

/// What `GET /metrics` reports that no counter elsewhere keeps, gathered on the event
/// loop from what it already handles: the output stamps it drains from the real-time
/// thread's ring (lateness, software PWM's duty), the button edges it hands on, the
/// state file's saves. The real-time thread is not touched: its stamps leave through
/// the lock-free `TraceRing` as before, and its counters are read as they are.
public final class ServiceMetrics {
    /// How late each output change was written (seconds): 1 µs … 1 s.
    public private(set) var lateness = MetricHistogram(bounds: MetricHistogram.decades(-6, 0))
    /// Button edge (its kernel timestamp) → the output change of the program it handed
    /// off (seconds): what `torch bench` calls the button path (figure 4).
    public private(set) var buttonLatency = MetricHistogram(bounds: MetricHistogram.decades(-5, 0))
    /// Software PWM on a binary output: |actual − intended| duty of each on/off cycle
    /// (a ratio, 0…1), for cycles of at most `pwmCycleLimit`.
    public private(set) var dutyError = MetricHistogram(bounds: MetricHistogram.decades(-4, 0))
    /// State file saves that worked, and that failed.
    public private(set) var stateWrites = 0
    public private(set) var stateWriteFailures = 0

    /// Cycles longer than this are a blink, not PWM: 50 ms (20 Hz, below any PWM rate).
    public static let pwmCycleLimit: Int64 = 50_000_000
    /// An edge's hand-off that has no output change within this is forgotten (1 s).
    static let buttonMatchWindow: Int64 = 1_000_000_000

    private let binaryOutput: Bool
    /// The last rising edge and the falling edge after it (intended, actual ns).
    private var rise: (intended: Int64, actual: Int64)?
    private var fall: (intended: Int64, actual: Int64)?
    /// A button edge whose program was handed off: (edge ns, hand-off ns).
    private var pendingEdge: (edge: Int64, handedOff: Int64)?

    public init(binaryOutput: Bool) {
        self.binaryOutput = binaryOutput
    }

    /// One output change drained from the ring, in the order written.
    public func observe(_ s: OutputStamp) {
        lateness.observe(Double(max(0, s.lateness)) / 1e9)
        if let p = pendingEdge {
            if s.actual >= p.handedOff {
                if s.actual - p.handedOff <= Self.buttonMatchWindow { buttonLatency.observe(Double(s.actual - p.edge) / 1e9) }
                pendingEdge = nil
            }
        }
        guard binaryOutput else { return }
        if s.duty > 0 {
            if let r = rise, let f = fall, s.intended - r.intended <= Self.pwmCycleLimit,
               s.intended > r.intended, s.actual > r.actual {
                let intended = Double(f.intended - r.intended) / Double(s.intended - r.intended)
                let actual = Double(f.actual - r.actual) / Double(s.actual - r.actual)
                dutyError.observe(min(1, (actual - intended).magnitude))
            }
            rise = (s.intended, s.actual)
            fall = nil
        } else if rise != nil, fall == nil {
            fall = (s.intended, s.actual)
        }
    }

    /// A button edge at `edge` made the controller hand a program off at `handedOff`
    /// (both CLOCK_MONOTONIC): the next output change is its answer.
    public func buttonHandedOff(edge: Instant, at handedOff: Instant) {
        pendingEdge = (edge.nanoseconds, handedOff.nanoseconds)
    }

    /// A save of the state file: it worked or not.
    public func stateSaved(_ ok: Bool) {
        if ok { stateWrites += 1 } else { stateWriteFailures += 1 }
    }
}
