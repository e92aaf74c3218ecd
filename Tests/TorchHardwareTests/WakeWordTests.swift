import Testing
import TorchCore
import TorchHardware

/// The futex word the pattern thread sleeps on, and the thread it runs on. Nothing here
/// depends on how fast the machine is: every wait either has its deadline in the past or
/// ends by a wake that happened before it (the value no longer matches).
@Suite struct WakeWordTests {
    @Test func aDeadlineInThePastTimesOutAtOnce() {
        let w = WakeWord()
        #expect(w.wait(unchanged: w.value, until: 0))
        #expect(w.spin(unchanged: w.value, until: 0))
    }

    @Test func aWakeBeforeTheWaitIsNeverLost() {
        let w = WakeWord()
        let seen = w.value
        w.wake()
        #expect(w.value == seen &+ 1)
        // No deadline: it would sleep forever if the wake were lost.
        #expect(!w.wait(unchanged: seen, until: nil))
        let far = MonotonicClock().now().nanoseconds.saturatingAdding(3_600_000_000_000)
        #expect(!w.spin(unchanged: seen, until: far), "a spin ends on the changed value")
    }

    @Test func aWakeFromAnotherThreadEndsTheSleep() throws {
        let w = WakeWord()
        let seen = w.value
        let t = BackgroundThread { w.wake() }
        try #require(t.start())
        #expect(!w.wait(unchanged: seen, until: nil))
        t.join()
    }

    @Test func aRealtimeThreadWithoutAPriorityReportsNormalScheduling() throws {
        let ran = WakeWord()
        let t = BackgroundThread(name: "torch-test-rt", realtime: true, priority: nil) { ran.wake() }
        #expect(try t.startReporting("test") == .normal(refused: nil))
        t.join()
        #expect(ran.value == 1, "the body ran once")
        #expect(t.onlyCPU == -1, "not running: no affinity to report")
        #expect(ThreadPriority.Granted.normal(refused: nil).summary == "normal priority (real-time not requested), timer slack 1ns")
        #expect(ThreadPriority.Granted.fifo(priority: 50).summary == "SCHED_FIFO priority 50")
    }
}
