import Testing
import TorchHardware

@Suite struct GPIOEdgeSequenceTests {
    @Test func consecutiveSequenceNumbersLoseNothing() {
        var s = GPIOEdgeSequence(initiallyPressed: false)
        s.accept(pressed: true, sequence: 1)
        s.accept(pressed: false, sequence: 2)
        s.accept(pressed: true, sequence: 3)
        #expect(s.takeLost() == 0)
    }

    @Test func aGapInSequenceNumbersCountsTheMissingEvents() {
        var s = GPIOEdgeSequence()
        s.accept(pressed: true, sequence: 1)
        s.accept(pressed: false, sequence: 5)
        #expect(s.takeLost() == 3)
        // Taking resets the count.
        #expect(s.takeLost() == 0)
        s.accept(pressed: true, sequence: 6)
        #expect(s.takeLost() == 0)
    }

    @Test func aFirstEventPastOneMeansTheEarlierOnesWereDropped() {
        var s = GPIOEdgeSequence(initiallyPressed: false)
        s.accept(pressed: true, sequence: 17)
        #expect(s.takeLost() == 16)
    }

    @Test func withoutSequenceNumbersTwoEdgesTheSameWayMeanALoss() {
        var s = GPIOEdgeSequence(initiallyPressed: false)
        s.accept(pressed: true, sequence: 0)
        s.accept(pressed: false, sequence: 0)
        #expect(s.takeLost() == 0)
        s.accept(pressed: false, sequence: 0)
        #expect(s.takeLost() == 1)
    }

    @Test func theInitialLevelCountsAsTheLastEdge() {
        var s = GPIOEdgeSequence(initiallyPressed: true)
        s.accept(pressed: true, sequence: 0)
        #expect(s.takeLost() == 1)
        var unknown = GPIOEdgeSequence()
        unknown.accept(pressed: true, sequence: 0)
        #expect(unknown.takeLost() == 0)
    }
}
