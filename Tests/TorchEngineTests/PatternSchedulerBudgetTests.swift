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

/// The real-time thread carries a name an operator (and the VM test) can find it by.
@Suite struct PatternSchedulerThreadNameTests {
    /// The threads of this process named `name` (/proc/self/task/TID/comm), by TID.
    static func threads(named name: String) -> Set<String> {
        guard let dir = opendir("/proc/self/task") else { return [] }
        defer { closedir(dir) }
        var tids: Set<String> = []
        while let entry = readdir(dir) {
            let tid = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard tid.first?.isNumber == true else { continue }
            let fd = open("/proc/self/task/\(tid)/comm", O_RDONLY)
            guard fd >= 0 else { continue }
            var buf = [UInt8](repeating: 0, count: 64)
            let n = read(fd, &buf, buf.count)
            close(fd)
            if n > 0 && String(decoding: buf[0..<n], as: UTF8.self) == name + "\n" { tids.insert(tid) }
        }
        return tids
    }

    @Test func theThreadIsNamed() throws {
        let s = PatternScheduler(output: SimulatedOutput(clock: MonotonicClock(), isBinary: false),
                                 settings: SchedulerSettings(realtimePriority: nil, lockMemory: false))
        #expect(PatternScheduler.threadName.utf8.count <= 15, "the kernel keeps 15 bytes")
        // Other suites' schedulers may run alongside: a new TID with the name is this one's.
        let before = Self.threads(named: PatternScheduler.threadName)
        try s.start()
        #expect(!Self.threads(named: PatternScheduler.threadName).subtracting(before).isEmpty)
        s.stop()
    }
}
