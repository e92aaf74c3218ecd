import Testing
import TorchCore
@testable import TorchEngine

@Suite struct ProgramHandoffTests {
    func program(_ level: Double) -> ScheduledProgram {
        ScheduledProgram(timeline: .steady(level), lightness: 1, startedAt: .zero, mapping: OutputMapping())
    }

    @Test func takeGivesTheNewestAndEmptiesTheSlot() {
        let h = ProgramHandoff()
        #expect(h.take() == nil)
        h.publish(ProgramBox(program(0.2)))
        h.publish(ProgramBox(program(0.7)))   // replaces the untaken one
        let taken = h.take()
        #expect(taken?.takeUnretainedValue().program.lightness == 1)
        var cursor = taken?.takeUnretainedValue().program.cursor
        #expect(cursor?.sample(at: 0).level == 0.7)
        #expect(h.take() == nil)
        if let taken { h.retire(taken) }
        h.drainAll()
    }

    @Test func retiredBoxesAreFreedByThePublisherNotTheTaker() {
        weak var weakBox: ProgramBox?
        let h = ProgramHandoff()
        do {
            let box = ProgramBox(program(1))
            weakBox = box
            h.publish(box)
        }
        let taken = h.take()
        #expect(weakBox != nil, "held by the hand-off while the scheduler plays it")
        if let taken { h.retire(taken) }
        #expect(weakBox != nil, "retiring does not free (freeing may take the allocator's lock)")
        h.publish(ProgramBox(program(0)))  // the event loop reclaims on its next publish
        #expect(weakBox == nil)
        h.drainAll()
    }
}
