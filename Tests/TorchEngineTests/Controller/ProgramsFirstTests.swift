import Testing
import TorchCore
import TorchEngine
import TorchTesting

/// A press's program is handed over before the rest of its settling (`takePrograms`):
/// the shell plays it, then takes the status change, the save and the gesture, which
/// are the same as when everything is taken at once.
@Suite struct ProgramsFirstTests {
    @Test func aPressesProgramComesOutAloneAndTheRestFollowsUnchanged() {
        let clock = ManualClock()
        let first = ControllerInputTests.started(clock)
        let second = ControllerInputTests.started(clock)
        clock.advance(by: .milliseconds(100))
        let press = ButtonEdge(role: .on, pressed: true, at: clock.now())
        first.handle(.edge(press))
        second.handle(.edge(press))

        let programs = first.takePrograms()
        #expect(programs.count == 1 && programs.first?.startedAt == atMs(100), "\(programs)")
        #expect(first.takePrograms().isEmpty, "taken once")
        #expect(first.nextDeadline == first.now, "the rest of the settling is due at once")
        let rest = first.takeEffects()
        #expect(!rest.contains { $0.isPlay })
        #expect(rest.contains { if case .statusChanged = $0 { true } else { false } }, "\(rest)")

        // Taken all at once: the same program, then the same rest, in the same order.
        let all = second.takeEffects()
        #expect(all.filter { $0.isPlay } == programs.map { .play($0) })
        #expect(all.filter { !$0.isPlay } == rest)
    }

    @Test func withNoProgramNothingIsTakenOut() {
        let clock = ManualClock()
        let c = ControllerInputTests.started(clock)
        clock.advance(by: .milliseconds(100))
        c.handle(.report("a line", .info))
        #expect(c.takePrograms().isEmpty)
        #expect(c.takeEffects() == [.log(.info, "a line")])
    }
}
