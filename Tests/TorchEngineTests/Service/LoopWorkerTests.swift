import Synchronization
import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine
#if canImport(Glibc)
import Glibc
#endif

/// The worker thread behind the state writer and the light sensor's reader: results
/// reach the loop through the descriptor in order, the newest `keep` of them; a wake
/// ends an idle sleep, and a stop ends the thread whatever its turns say. What is
/// asserted is order and arrival, never time.
@Suite struct LoopWorkerTests {
    /// What a turn counts and what the test asks of it.
    final class Probe: Sendable {
        let turns = Atomic<Int>(0)
        let flag = Atomic<Bool>(false)
    }

    func waitReadable(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, -1) == 1
    }

    @Test(.timeLimit(.minutes(1))) func resultsComeThroughTheDescriptorInOrderTheNewestKept() throws {
        let worker = try LoopWorker<Int>(name: "test-worker", what: "test", keep: 3)
        let probe = Probe()
        try worker.start {
            let n = probe.turns.add(1, ordering: .acquiringAndReleasing).newValue
            guard n <= 5 else { return .idle }
            worker.hand(n)
            return .again
        }
        defer { worker.stop() }
        var taken: [Int] = []
        while taken.last != 5 {
            #expect(waitReadable(worker.descriptor))
            taken += worker.take()
        }
        #expect(taken.count <= 5 && taken.suffix(3) == [3, 4, 5], "\(taken)")
        #expect(zip(taken, taken.dropFirst()).allSatisfy { $0 < $1 }, "in the order handed: \(taken)")
    }

    @Test(.timeLimit(.minutes(1))) func aWakeEndsAnIdleSleep() throws {
        let worker = try LoopWorker<Int>(name: "test-worker", what: "test")
        let probe = Probe()
        try worker.start {
            let n = probe.turns.add(1, ordering: .acquiringAndReleasing).newValue
            if probe.flag.exchange(false, ordering: .acquiringAndReleasing) { worker.hand(n) }
            return .idle
        }
        defer { worker.stop() }
        probe.flag.store(true, ordering: .releasing)
        worker.wake()
        #expect(waitReadable(worker.descriptor))
        #expect(worker.take().count == 1)
    }

    @Test(.timeLimit(.minutes(1))) func aStopEndsTurnsThatNeverSleep() throws {
        let worker = try LoopWorker<Int>(name: "test-worker", what: "test")
        let probe = Probe()
        try worker.start {
            probe.turns.add(1, ordering: .relaxed)
            return .again
        }
        while probe.turns.load(ordering: .relaxed) < 3 { usleep(100) }
        worker.stop()
        #expect(!worker.running)
        let after = probe.turns.load(ordering: .relaxed)
        usleep(1000)
        #expect(probe.turns.load(ordering: .relaxed) == after, "no turn after the stop")
    }

    /// A stop that comes while the turn is still under way, before the thread reads the
    /// word for its sleep: the sleep must not begin (an hour here).
    @Test(.timeLimit(.minutes(1))) func aStopDuringTheTurnIsNotSleptThrough() throws {
        let worker = try LoopWorker<Int>(name: "test-worker", what: "test")
        let clock = MonotonicClock()
        let probe = Probe()
        let gate = WakeWord()
        try worker.start {
            probe.flag.store(true, ordering: .releasing)
            while probe.turns.load(ordering: .acquiring) == 0 { _ = gate.wait(unchanged: gate.value, until: nil) }
            return .rest(until: clock.now() + .seconds(3600))
        }
        while !probe.flag.load(ordering: .acquiring) { usleep(100) }
        // The turn is held: stop from another thread, and let the turn end once the stop
        // has bumped the word (stop() blocks in join until the thread ends).
        let stopper = BackgroundThread { worker.stop() }
        #expect(stopper.start())
        usleep(20_000)
        probe.turns.store(1, ordering: .releasing)
        gate.wake()
        stopper.join()
        #expect(!worker.running)
    }

    @Test(.timeLimit(.minutes(1))) func aStopEndsARestFarAway() throws {
        let worker = try LoopWorker<Int>(name: "test-worker", what: "test")
        let clock = MonotonicClock()
        let probe = Probe()
        try worker.start {
            probe.flag.store(true, ordering: .releasing)
            return .rest(until: clock.now() + .seconds(3600))
        }
        while !probe.flag.load(ordering: .acquiring) { usleep(100) }
        worker.stop()
        #expect(!worker.running, "the stop woke the rest and joined the thread")
    }
}
