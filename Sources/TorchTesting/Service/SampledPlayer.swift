import TorchCore
import TorchEngine
import TorchHardware

/// The embedded service's player: instead of a real-time thread it keeps the programs
/// the service hands over and samples them on the manual clock, writing each one's level
/// at its hand-off to the output, so a test reads what the light shows at any instant.
public final class SampledPlayer: ProgramPlayer {
    public let output: any LightOutput
    private let clock: any TorchClock
    public let trace = TraceRing(capacity: 1 << 12)
    /// A real eventfd, so the service sleeps as it does with the real-time thread
    /// (nothing raises it unless a test does).
    public let attention: EventSignal? = try? EventSignal()
    public var realtimeSummary: String { "embedded (programs sampled on a manual clock)" }
    /// Every program handed over, oldest first.
    public private(set) var programs: [ScheduledProgram] = []
    public private(set) var writes = 0
    public private(set) var wakeups = 0
    public var rests = 0
    /// Failures to report (a test sets them to play a failing output).
    public var failures: (count: Int, lastErrno: Int32) = (0, 0)
    public var isFailing = false
    public private(set) var isStarted = false
    public private(set) var isStopped = false

    public init(output: any LightOutput, clock: any TorchClock) {
        self.output = output
        self.clock = clock
    }

    /// The duty the playing program gives at `t` (dark before the first and after a
    /// stop; after a hand-over, the output's last level).
    public func duty(at t: Instant) -> Double {
        if handedOver { return lastWritten }
        guard !isStopped, let p = programs.last else { return 0 }
        var cursor = TimelineCursor(p.timeline)
        let level = cursor.sample(at: max(0, (t - p.startedAt).nanoseconds)).level
        return p.mapping.duty(forLightness: p.lightness * level)
    }

    public var currentDuty: Double { duty(at: clock.now()) }

    /// Starts with nothing written, as the real-time thread writes only a program's
    /// level (an output taken over from the last process keeps its level until then).
    public func start() throws(HardwareError) {
        isStarted = true
    }

    public func lockMemory() {}

    public func play(_ program: ScheduledProgram) {
        programs.append(program)
        wakeups += 1
        write(duty(at: clock.now()))
    }

    public func rewrite() { write(currentDuty) }

    public func stop() {
        isStopped = true
        write(0)
    }

    /// True once stopped for a hand-over (the output left as it shows).
    public private(set) var handedOver = false

    public func handOver() {
        isStopped = true
        handedOver = true
    }

    /// The duty last written to the output.
    public private(set) var lastWritten = 0.0

    private func write(_ duty: Double) {
        let now = clock.now().nanoseconds
        writes += 1
        lastWritten = duty
        _ = output.write(duty: duty)
        _ = trace.push(OutputStamp(intended: now, actual: now, duty: duty))
    }
}
