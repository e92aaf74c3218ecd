import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine

/// A short real bench run on the simulated output. Checks what was measured and
/// reported, never how punctual it was (that is what the figures are for).
@Suite struct BenchRunTests {
    @Test func shortRunMeasuresOnlyTheRunsChangesAndReportsProgress() throws {
        let out = SimulatedOutput(clock: MonotonicClock())
        let run = BenchRun(output: out, duration: .milliseconds(300),
                           settings: SchedulerSettings(realtimePriority: nil, lockMemory: false),
                           drainInterval: .milliseconds(50))
        var fractions: [Double] = []
        let report = try run.run { fractions.append($0) }
        #expect(report.statistics.count == report.stamps.count)
        #expect(report.stamps.count > 0)
        // All within the run's span and in order; the blink alternates 1, 0, 1, …
        let start = try #require(report.stamps.first).intended
        #expect(report.stamps.allSatisfy { $0.intended - start < 300_000_000 })
        #expect(zip(report.stamps, report.stamps.dropFirst()).allSatisfy { $0.intended < $1.intended && $0.duty != $1.duty })
        #expect(report.stamps.allSatisfy { $0.duty == 0 || $0.duty == 1 })
        // Deadlines are on the 5 ms grid of the program.
        #expect(report.stamps.allSatisfy { ($0.intended - start) % 5_000_000 == 0 })
        #expect(report.droppedStamps == 0 && report.failedWrites == 0)
        #expect(report.duration == .milliseconds(300))
        #expect(report.label == "100 Hz blink")
        #expect(report.backend == out.summary)
        #expect(fractions.last == 1)
        #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(fractions.allSatisfy { $0 >= 0 && $0 <= 1 })
        #expect(out.duty == 0, "dark after the run")
    }

    @Test func expectedChangesCoverSoftwarePWM() {
        let dimmable = BenchRun(output: SimulatedOutput(clock: MonotonicClock()), duration: .seconds(10))
        let binary = BenchRun(output: SimulatedOutput(clock: MonotonicClock(), isBinary: true),
                              timeline: .steady(1), duration: .seconds(10), lightness: 0.5)
        #expect(dimmable.expectedChanges >= 2000)
        #expect(binary.expectedChanges >= 20_000)
    }
}
