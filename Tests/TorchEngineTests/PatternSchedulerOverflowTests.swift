import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine
#if canImport(Glibc)
import Glibc
#endif

/// Issue 15, finding 1: the scheduler trapped on `startNs + boundary` (arithmetic
/// overflow, SIGILL) for a step of Int64.max nanoseconds; deadlines now saturate, so a
/// hand-built timeline at any extreme plays (or holds) instead of killing the service.
@Suite struct PatternSchedulerOverflowTests {
    func run(_ program: (Instant) -> ScheduledProgram, binary: Bool = false) throws -> [Double] {
        let out = SimulatedOutput(clock: MonotonicClock(), isBinary: binary)
        let s = PatternScheduler(output: out, settings: SchedulerSettings(realtimePriority: nil, lockMemory: false))
        try s.start()
        s.play(program(MonotonicClock().now()))
        let lit = eventually { !out.changes.isEmpty }
        usleep(20_000)
        s.stop()
        #expect(lit)
        return out.changes.map(\.duty)
    }

    @Test func aStepOfInt64MaxNanosecondsPlays() throws {
        let t = Timeline(steps: [.hold(1, .nanoseconds(Int64.max)), .hold(0, .seconds(1))])
        let duties = try run { ScheduledProgram(timeline: t, lightness: 1, startedAt: $0, mapping: OutputMapping(curve: .linear)) }
        #expect(duties == [1, 0], "lit for the huge step, dark after stop")
    }

    @Test func aRampOfInt64MaxNanosecondsPlays() throws {
        let t = Timeline(steps: [.ramp(to: 1, .nanoseconds(Int64.max)), .hold(0, .seconds(1))])
        let duties = try run { ScheduledProgram(timeline: t, lightness: 1, startedAt: $0, mapping: OutputMapping(curve: .linear)) }
        #expect(duties.first == 0 || duties.first.map { $0 < 0.01 } == true)
    }

    @Test func softwarePWMWithAHugeStepPlays() throws {
        let t = Timeline(steps: [.hold(0.5, .nanoseconds(Int64.max)), .hold(0, .seconds(1))])
        let duties = try run({ ScheduledProgram(timeline: t, lightness: 1, startedAt: $0, mapping: OutputMapping(curve: .linear)) },
                             binary: true)
        #expect(duties.contains(1))
    }

    /// A start instant far in the past: `now - start` would overflow.
    @Test func aStartAtTheBeginningOfTimePlays() throws {
        let t = Timeline(steps: [.hold(1, .milliseconds(5)), .hold(0, .milliseconds(5))])
        let duties = try run { _ in
            ScheduledProgram(timeline: t, lightness: 1, startedAt: Instant(nanoseconds: Int64.min), mapping: OutputMapping(curve: .linear))
        }
        #expect(!duties.isEmpty)
    }

    /// A start instant far in the future: the light waits (dark) without overflowing.
    @Test func aStartAtTheEndOfTimeWaits() throws {
        let t = Timeline(steps: [.hold(1, .milliseconds(5)), .hold(0, .milliseconds(5))])
        let out = SimulatedOutput(clock: MonotonicClock(), isBinary: false)
        let s = PatternScheduler(output: out, settings: SchedulerSettings(realtimePriority: nil, lockMemory: false))
        try s.start()
        s.play(ScheduledProgram(timeline: t, lightness: 1, startedAt: Instant(nanoseconds: Int64.max), mapping: OutputMapping(curve: .linear)))
        #expect(eventually { s.wakeups >= 1 })
        usleep(20_000)
        s.stop()
        #expect(out.changes.allSatisfy { $0.duty == 0 })
    }

    @Test func settingsOutsideTheirRangeDoNotTrap() {
        #expect(SchedulerSettings(softPWMFrequency: .nan).pwmPeriodNanoseconds == 1_000_000)
        #expect(SchedulerSettings(softPWMFrequency: 1e300).pwmPeriodNanoseconds >= 1)
        #expect(SchedulerSettings(softPWMFrequency: 1e-300).pwmPeriodNanoseconds == 1_000_000_000)
        #expect(SchedulerSettings(rampUpdateRate: .infinity).rampTickNanoseconds >= 1)
        #expect(SchedulerSettings(rampUpdateRate: -5).rampTickNanoseconds == 1_000_000_000)
    }
}
