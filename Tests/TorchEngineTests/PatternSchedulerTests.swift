import Testing
import TorchTestSupport
import TorchCore
import TorchHardware
@testable import TorchEngine
#if canImport(Glibc)
import Glibc
#endif

/// The scheduler on a real thread with the simulated output. These tests check what is
/// written and in which order, never how punctually: timing is `make bench`'s job.
@Suite struct PatternSchedulerTests {
    func scheduler(binary: Bool = false) -> (PatternScheduler, SimulatedOutput) {
        let out = SimulatedOutput(clock: MonotonicClock(), isBinary: binary)
        let s = PatternScheduler(output: out, settings: SchedulerSettings(realtimePriority: nil, lockMemory: false,
                                                                          softPWMFrequency: 1000))
        return (s, out)
    }

    func play(_ s: PatternScheduler, _ timeline: Timeline, lightness: Double = 1, curve: BrightnessCurve = .linear) {
        s.play(ScheduledProgram(timeline: timeline, lightness: lightness, startedAt: MonotonicClock().now(),
                                mapping: OutputMapping(curve: curve)))
    }

    @Test func blinkAlternatesAndStopGoesDark() throws {
        let (s, out) = scheduler()
        try s.start()
        play(s, Timeline(steps: [.hold(1, .milliseconds(5)), .hold(0, .milliseconds(5))]))
        #expect(eventually { out.changes.count >= 10 })
        s.stop()
        let duties = out.changes.map(\.duty)
        // Writes happen only on a change, so they alternate whatever the load; which
        // level comes first depends on how late the first wake-up is (not asserted).
        #expect(duties.dropLast().allSatisfy { $0 == 0 || $0 == 1 })
        for (i, (a, b)) in zip(duties.dropLast(), duties.dropLast().dropFirst()).enumerated() { #expect(a != b, "change \(i)") }
        #expect(duties.last == 0, "dark after stop")
        // Every write was stamped, in order, never before its intended instant.
        var stamps: [OutputStamp] = []
        s.trace.drain { stamps.append($0) }
        #expect(stamps.count == duties.count)
        #expect(stamps.allSatisfy { $0.actual >= $0.intended })
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0.intended <= $1.intended })
    }

    @Test func steadyLightWritesOnceAndThenSleeps() throws {
        let (s, out) = scheduler()
        try s.start()
        play(s, .steady(1), lightness: 0.5)
        #expect(eventually { out.changes.count == 1 })
        let wakeups = s.wakeups
        usleep(50_000)
        #expect(s.wakeups == wakeups, "no periodic wake-ups for a steady level")
        #expect(out.changes.map(\.duty) == [0.5])
        s.stop()
    }

    @Test func aNewProgramTakesEffectAtOnce() throws {
        let (s, out) = scheduler()
        try s.start()
        // A long first step: without an immediate hand-off the change would wait 1 h.
        play(s, Timeline(steps: [.hold(1, .seconds(3600)), .hold(0, .seconds(1))]))
        #expect(eventually { out.changes.count == 1 })
        play(s, .steady(0.25))
        #expect(eventually { out.changes.count == 2 })
        #expect(out.changes.map(\.duty) == [1, 0.25])
        s.stop()
    }

    @Test func binaryOutputsGetSoftwarePWM() throws {
        let (s, out) = scheduler(binary: true)
        try s.start()
        play(s, .steady(1), lightness: 0.5)
        #expect(eventually { out.changes.count >= 20 })
        s.stop()
        let duties = out.changes.map(\.duty)
        #expect(duties.allSatisfy { $0 == 0 || $0 == 1 }, "a line is only ever on or off")
        for (a, b) in zip(duties, duties.dropFirst()) { #expect(a != b, "every write is a toggle") }
    }

    @Test func rampsUpdateTheLevelInSteps() throws {
        let (s, out) = scheduler()
        try s.start()
        // A ramp starts from the previous step's level, so begin with a short dark step.
        // Ten times as long under qemu-user, whose late wakes would leave a short fade
        // few steps (the steps' own schedule is PlaybackStep's, on a scripted clock).
        play(s, Timeline(steps: [.hold(0, .milliseconds(1)), .ramp(to: 1, .milliseconds(200 * emulationSlowdown))],
                         repeatCount: 1, endLevel: 1))
        #expect(eventually { out.changes.last?.duty == 1 })
        s.stop()
        let duties = out.changes.map(\.duty).dropFirst().dropLast()  // first: the dark step; last: stop
        #expect(duties.count >= 5, "a fade is many steps: \(duties.count)")
        #expect(zip(duties, duties.dropFirst()).allSatisfy { $0 < $1 }, "rising")
    }

    @Test func curveAndCapApply() throws {
        let (s, out) = scheduler()
        try s.start()
        s.play(ScheduledProgram(timeline: .steady(1), lightness: 0.8, startedAt: MonotonicClock().now(),
                                mapping: OutputMapping(curve: .cie, maxBrightness: 0.5)))
        #expect(eventually { out.changes.count == 1 })
        s.stop()
        let d = out.changes.first?.duty ?? 0
        #expect(abs(d - 0.18419) < 0.0005, "80 % capped at 50 %, CIE 50 % ≈ 18.4 % duty: \(d)")
    }
}
