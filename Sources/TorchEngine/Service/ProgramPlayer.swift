import TorchCore
import TorchHardware

/// What the service asks of whatever plays the light: the real-time `PatternScheduler`
/// on its own thread, or, for an embedded service in the tests (`TorchTesting`), a twin
/// that samples the programs on a manual clock.
public protocol ProgramPlayer: AnyObject {
    /// Every output change, for the trace file and the metrics (drained by the loop).
    var trace: TraceRing { get }
    /// Raised when the output starts or stops failing and when `trace` is half full; nil
    /// when there is no such signal (the service then looks on a timer).
    var attention: EventSignal? { get }
    /// One line for the banner: the priority and the memory lock it got.
    var realtimeSummary: String { get }
    /// The duty the output shows now (0…1).
    var currentDuty: Double { get }
    /// Output writes so far, those that failed and the last failure's errno.
    var writes: Int { get }
    var failures: (count: Int, lastErrno: Int32) { get }
    /// True while writes fail.
    var isFailing: Bool { get }
    /// Rests the CPU budget imposed so far.
    var rests: Int { get }
    /// Times the player woke so far.
    var wakeups: Int { get }
    /// Starts playing (dark until the first program). Throws one line.
    func start() throws(HardwareError)
    /// Locks memory once the start's work is done (best effort).
    func lockMemory()
    /// Plays `program` from its `startedAt`, replacing the one playing.
    func play(_ program: ScheduledProgram)
    /// Writes the current level again (an output taken again after its device came back).
    func rewrite()
    /// Writes dark and stops.
    func stop()
    /// Stops leaving the output as it shows, for the service's next process (a restart).
    func handOver()
}

extension PatternScheduler: ProgramPlayer {}
