import Testing
@testable import TorchEngine

@Suite struct TraceRingTests {
    @Test func drainsInOrder() {
        let ring = TraceRing(capacity: 8)
        for i in 0..<5 { ring.push(OutputStamp(intended: Int64(i), actual: Int64(i) + 10, duty: Double(i) / 10)) }
        var seen: [OutputStamp] = []
        #expect(ring.drain { seen.append($0) } == 5)
        #expect(seen.map(\.intended) == [0, 1, 2, 3, 4])
        #expect(seen.map(\.lateness) == [10, 10, 10, 10, 10])
        #expect(ring.drain { _ in } == 0)
    }

    @Test func fullRingCountsDropsInsteadOfBlocking() {
        let ring = TraceRing(capacity: 4)
        for i in 0..<6 { ring.push(OutputStamp(intended: Int64(i), actual: Int64(i), duty: 1)) }
        var seen: [Int64] = []
        ring.drain { seen.append($0.intended) }
        #expect(seen == [0, 1, 2, 3], "the oldest are kept; the writer never overwrites unread stamps")
        #expect(ring.dropped == 2)
        // After a drain there is room again, and indices wrap around correctly.
        for i in 10..<14 { ring.push(OutputStamp(intended: Int64(i), actual: Int64(i), duty: 0)) }
        seen = []
        ring.drain { seen.append($0.intended) }
        #expect(seen == [10, 11, 12, 13])
    }

    /// The push that fills the ring to half says so, once per filling: the pattern
    /// thread then asks the loop to drain (`PatternScheduler.attention`).
    @Test func thePushThatFillsHalfTheRingSaysSo() {
        let ring = TraceRing(capacity: 8)
        let said = (0..<8).map { i in ring.push(OutputStamp(intended: Int64(i), actual: Int64(i), duty: 1)) }
        #expect(said == [false, false, false, true, false, false, false, false])
        #expect(!ring.push(OutputStamp(intended: 9, actual: 9, duty: 1)), "a dropped stamp asks nothing")
        ring.drain { _ in }
        let again = (0..<4).map { i in ring.push(OutputStamp(intended: Int64(i), actual: Int64(i), duty: 1)) }
        #expect(again == [false, false, false, true])
    }

    @Test func capacityRoundsUpToAPowerOfTwo() {
        let ring = TraceRing(capacity: 5)
        for i in 0..<8 { ring.push(OutputStamp(intended: Int64(i), actual: 0, duty: 0)) }
        #expect(ring.dropped == 0)
        ring.push(OutputStamp(intended: 8, actual: 0, duty: 0))
        #expect(ring.dropped == 1)
    }
}
