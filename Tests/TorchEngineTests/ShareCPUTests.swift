import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import CTorchSys
import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine

/// `[service] share-cpu`: the kernel's affinity of the pattern thread follows the CPU of
/// the thread that hands it a program; the caller itself is never pinned.
@Suite struct ShareCPUTests {
    static var cpus: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    static func scheduler(share: Bool) -> PatternScheduler {
        PatternScheduler(output: SimulatedOutput(clock: MonotonicClock(), isBinary: false),
                         settings: SchedulerSettings(realtimePriority: nil, lockMemory: false,
                                                     holdCPULatency: false, shareCPU: share))
    }

    static func blink() -> ScheduledProgram {
        ScheduledProgram(timeline: Timeline(steps: [.hold(1, .milliseconds(5)), .hold(0, .milliseconds(5))]),
                         lightness: 1, startedAt: MonotonicClock().now(), mapping: OutputMapping(curve: .linear))
    }

    /// Runs `body` on a thread of its own (pinning a test's pool thread would pin others' tests).
    static func onOwnThread(_ body: @escaping @Sendable () -> Void) throws {
        let t = BackgroundThread(body)
        try #require(t.start())
        t.join()
    }

    @Test(.enabled(if: ShareCPUTests.cpus > 1, "needs two CPUs"))
    func thePatternThreadFollowsTheCaller() throws {
        let s = Self.scheduler(share: true)
        try s.start()
        defer { s.stop() }
        let seen = Mutex<[Int32]>([])
        try Self.onOwnThread {
            for cpu: Int32 in [0, 1, 0] {
                guard ctorch_pin_thread_to_cpu(pthread_self(), cpu) == 0 else { return }
                s.play(Self.blink())
                seen.withLock { $0.append(s.pinnedCPU) }
            }
        }
        #expect(seen.withLock { $0 } == [0, 1, 0])
    }

    @Test(.enabled(if: ShareCPUTests.cpus > 1, "needs two CPUs"))
    func offLeavesTheThreadFree() throws {
        let s = Self.scheduler(share: false)
        try s.start()
        defer { s.stop() }
        let seen = Mutex<Int32>(0)
        try Self.onOwnThread {
            guard ctorch_pin_thread_to_cpu(pthread_self(), 1) == 0 else { return }
            s.play(Self.blink())
            seen.withLock { $0 = s.pinnedCPU }
        }
        #expect(seen.withLock { $0 } == -1)
    }
}
