import Synchronization
import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine
#if canImport(Glibc)
import Glibc
#endif

/// A GPIO line whose every write keeps the CPU busy for `cost` nanoseconds: a machine
/// too slow for 1 kHz software PWM (the emulated guest, where a gpio-sim write takes
/// about a millisecond). Records the duties written.
final class SlowLine: LightOutput, @unchecked Sendable {
    let kind = Backend.gpiod
    let isBinary = true
    let summary = "slow line"
    let cost: Int64
    private let log = Mutex<[Double]>([])

    init(cost: Int64) { self.cost = cost }

    var duties: [Double] { log.withLock { $0 } }

    func write(duty: Double) -> Int32 {
        let until = MonotonicClock().now().nanoseconds + cost
        while MonotonicClock().now().nanoseconds < until {}
        log.withLock { $0.append(duty) }
        return 0
    }
    func close() {}
}

/// The real-time thread's CPU budget on a machine too slow for the program: it rests
/// (counted) instead of running back to back, and still takes a new program.
@Suite struct PatternSchedulerBudgetTests {
    @Test func softPWMThatCannotKeepUpRestsAndStillTakesAHandOff() throws {
        // Two writes a period, 1.5 ms each, at 1 kHz: every deadline is past when the
        // thread gets to it, so without the budget it would never sleep.
        let out = SlowLine(cost: 1_500_000)
        let s = PatternScheduler(output: out, settings: SchedulerSettings(realtimePriority: nil, lockMemory: false,
                                                                         holdCPULatency: false, shareCPU: false))
        try s.start()
        defer { s.stop() }
        let mapping = OutputMapping(curve: .linear)
        s.play(ScheduledProgram(timeline: Timeline(steps: [.hold(0.5, .seconds(100))]), lightness: 1,
                                startedAt: MonotonicClock().now(), mapping: mapping))
        #expect(eventually { s.rests >= 3 })
        #expect(out.duties.contains(1) && out.duties.contains(0), "the line toggles between rests")
        // Dark: a steady level, no deadline: the thread writes 0 and sleeps.
        s.play(ScheduledProgram(timeline: Timeline(steps: [.hold(0, .seconds(100))]), lightness: 1,
                                startedAt: MonotonicClock().now(), mapping: mapping))
        // Taken once the line stays dark: the old program wrote at least every ~7 ms
        // (a rest of at most 4 ms, then two 1.5 ms writes).
        #expect(eventually {
            let n = out.duties.count
            usleep(20_000)
            return out.duties.count == n && out.duties.last == 0 && s.currentDuty == 0
        })
        let written = out.duties.count
        let rests = s.rests
        usleep(50_000)
        #expect(out.duties.count == written, "no write after dark")
        #expect(s.rests == rests, "no rest while asleep")
    }
}
