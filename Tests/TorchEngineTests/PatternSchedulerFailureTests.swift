import Synchronization
import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine
#if canImport(Glibc)
import Glibc
#endif

/// An output that refuses writes (EIO) while told to: all of them, or only lit ones
/// (a bus that fails mid-pattern but still takes the dark write). Records every attempt.
final class FlakyOutput: LightOutput, @unchecked Sendable {
    enum Mode { case ok, failAll, failLit }
    let kind = Backend.pwm
    let isBinary = false
    let summary = "flaky output"
    private let lock = Mutex<(mode: Mode, attempts: [(duty: Double, ok: Bool)])>((.ok, []))

    func set(_ mode: Mode) { lock.withLock { $0.mode = mode } }
    var attempts: [(duty: Double, ok: Bool)] { lock.withLock { $0.attempts } }

    func write(duty: Double) -> Int32 {
        lock.withLock { s in
            let ok = s.mode == .ok || (s.mode == .failLit && duty == 0)
            s.attempts.append((duty, ok))
            return ok ? 0 : EIO
        }
    }
    func close() {}
}

/// Writes failing mid-pattern (issue 10/15: the test PWM chip's -EIO): dark at once,
/// a bounded retry instead of a busy loop, recovery at the first write that succeeds.
@Suite struct PatternSchedulerFailureTests {
    func start(_ out: FlakyOutput) throws -> PatternScheduler {
        let s = PatternScheduler(output: out, settings: SchedulerSettings(realtimePriority: nil, lockMemory: false))
        try s.start()
        return s
    }

    /// The event loop sleeps with no timer for the output: the pattern thread raises its
    /// signal when writes start failing and again when they work, and not for writes that
    /// go through.
    @Test func failingStartAndEndRaiseTheLoopsSignal() throws {
        let out = FlakyOutput()
        let s = try start(out)
        defer { s.stop() }
        let attention = try #require(s.attention)
        s.play(ScheduledProgram(timeline: Timeline(steps: [.hold(0.2, .seconds(100))]), lightness: 1,
                                startedAt: MonotonicClock().now(), mapping: OutputMapping(curve: .linear)))
        #expect(eventually { out.attempts.contains { $0.duty == 0.2 && $0.ok } })
        #expect(!attention.drain(), "a write that works raises nothing")
        out.set(.failLit)
        s.play(ScheduledProgram(timeline: Timeline(steps: [.hold(0.6, .seconds(100))]), lightness: 1,
                                startedAt: MonotonicClock().now(), mapping: OutputMapping(curve: .linear)))
        #expect(eventually { s.isFailing })
        #expect(attention.drain(), "failing began")
        out.set(.ok)
        #expect(eventually { !s.isFailing })
        #expect(attention.drain(), "failing ended")
        #expect(!attention.drain())
    }

    @Test func aFailingLitWriteGoesDarkThenRetriesAndRecovers() throws {
        let out = FlakyOutput()
        let s = try start(out)
        defer { s.stop() }
        s.play(ScheduledProgram(timeline: Timeline(steps: [.hold(0.2, .seconds(1))]), lightness: 1,
                                startedAt: MonotonicClock().now(), mapping: OutputMapping(curve: .linear)))
        #expect(eventually { out.attempts.contains { $0.duty == 0.2 && $0.ok } })
        // A steady level has no deadline of its own: a new program makes the next write.
        out.set(.failLit)
        s.play(ScheduledProgram(timeline: Timeline(steps: [.hold(0.6, .seconds(100))]), lightness: 1,
                                startedAt: MonotonicClock().now(), mapping: OutputMapping(curve: .linear)))
        #expect(eventually { s.isFailing })
        #expect(eventually { out.attempts.contains { $0.duty == 0 && $0.ok } }, "forced dark after the refusal")
        let failedWrites = { out.attempts.filter { !$0.ok }.count }
        // Retried on a steady level with no deadline of its own: at least twice.
        #expect(eventually { failedWrites() >= 3 })
        #expect(s.currentDuty == 0)
        out.set(.ok)
        #expect(eventually { !s.isFailing })
        #expect(s.currentDuty == 0.6, "the pattern's level is back")
        #expect(s.failures.count >= 3)
        #expect(s.failures.lastErrno == EIO)
    }

    /// Every write refused: one attempt per retry interval, not a spin. Counted over
    /// the attempts made before the n-th retry, so the bound is not a timing assert:
    /// between two failed attempts there is always a retry interval's sleep, hence the
    /// attempts never outrun the retries.
    @Test func aDeadOutputIsNotHammered() throws {
        let out = FlakyOutput()
        out.set(.failAll)
        let s = try start(out)
        defer { s.stop() }
        // A fast fade: without the back-off every 10 ms ramp tick would write.
        s.play(ScheduledProgram(timeline: Timeline(steps: [.ramp(to: 1, .seconds(1)), .ramp(to: 0, .seconds(1))]),
                                lightness: 1, startedAt: MonotonicClock().now(), mapping: OutputMapping(curve: .linear)))
        #expect(eventually { out.attempts.count >= 4 })
        let clock = MonotonicClock()
        let before = out.attempts.count
        let t0 = clock.now()
        usleep(300_000)
        let elapsed = clock.now() - t0
        let made = out.attempts.count - before
        // At most one attempt per started retry interval (100 ms) in the window, + 1.
        let allowed = Int(elapsed.nanoseconds / PatternScheduler.retryInterval) + 2
        #expect(made <= allowed, "\(made) attempts in \(elapsed)")
        #expect(s.isFailing)
    }
}

/// The controller reports a failing burst once, and its end once.
@Suite struct ControllerOutputFailureTests {
    func logs(_ c: TorchController) -> [String] {
        c.takeEffects().compactMap { if case let .log(_, line) = $0 { line } else { nil } }
    }

    @Test func oneLinePerBurst() {
        let c = startedController()
        c.handle(.advance(to: atMs(1000), output: OutputHealth(writes: 3, failures: 2, lastErrno: EIO, failing: true,
                                                       lastError: "Input/output error")))
        #expect(logs(c) == ["output: write failed (Input/output error); light dark, retrying every 100 ms"])
        c.handle(.advance(to: atMs(2000), output: OutputHealth(writes: 3, failures: 12, lastErrno: EIO, failing: true,
                                                       lastError: "Input/output error")))
        #expect(logs(c).isEmpty, "the same burst: said once")
        c.handle(.advance(to: atMs(3000), output: OutputHealth(writes: 4, failures: 12, lastErrno: EIO, failing: false,
                                                       lastError: "Input/output error")))
        #expect(logs(c) == ["output: writes succeed again; pattern resumed"])
        c.handle(.advance(to: atMs(4000), output: OutputHealth(writes: 9, failures: 12)))
        #expect(logs(c).isEmpty)
        // A second burst that began and ended between two looks: still reported.
        c.handle(.advance(to: atMs(5000), output: OutputHealth(writes: 11, failures: 13, lastErrno: EIO, failing: false,
                                                       lastError: "Input/output error")))
        #expect(logs(c) == ["output: write failed (Input/output error); light dark, retrying every 100 ms",
                            "output: writes succeed again; pattern resumed"])
    }
}
