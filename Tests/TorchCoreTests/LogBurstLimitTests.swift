import Testing
import TorchCore

/// A flood of refused MQTT commands logs a burst and then one count per window.
struct LogBurstLimitTests {
    private func at(_ ms: Int64) -> Instant { Instant(nanoseconds: ms * 1_000_000) }

    @Test func aBurstIsLoggedWholeThenCountedUntilTheWindowEnds() {
        var limit = LogBurstLimit(burst: 3, window: .seconds(10))
        var admitted: [Bool] = []
        for i in 0..<5 { admitted.append(limit.admit(at: at(1000 + Int64(i)))) }
        #expect(admitted == [true, true, true, false, false])
        #expect(limit.nextDeadline == at(11_000))
        let early = limit.takeCounted(at: at(10_999))
        let due = limit.takeCounted(at: at(11_000))
        let again = limit.takeCounted(at: at(11_001))
        #expect(early == nil && due == 2 && again == nil)
        #expect(limit.nextDeadline == nil)
        // A new window: the next line is logged again.
        let next = limit.admit(at: at(12_000))
        #expect(next)
        #expect(limit.nextDeadline == nil)
        // At a stop, what was counted so far.
        _ = (0..<30).map { _ in limit.admit(at: at(12_001)) }
        let atStop = limit.takeCounted()
        let twice = limit.takeCounted()
        #expect(atStop == 28 && twice == nil)  // burst 3: 1 + 2 logged, 28 counted
    }

    @Test func aFewLinesAreAllLogged() {
        var limit = LogBurstLimit()
        var admitted = 0
        for i in 0..<20 where limit.admit(at: at(Int64(i))) { admitted += 1 }
        #expect(admitted == 20)
        #expect(limit.nextDeadline == nil)
    }
}
