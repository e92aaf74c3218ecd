import Testing
import TorchCore
import TorchEngine

/// Issue 36: under `--for`, every program the controller hands over ends dark at the
/// run's end in its timeline, so the scheduler never begins a flash at that instant.
@Suite struct RunForEndTests {
    func flashes(_ p: ScheduledProgram, until end: Instant) -> Int {
        var cursor = TimelineCursor(p.timeline)
        var n = 0
        var lit = false
        var t: Int64 = 0
        let last = (end - p.startedAt).nanoseconds + 1_000_000_000
        while t <= last {
            let sample = cursor.sample(at: t)
            if sample.level > 0 && !lit { n += 1 }
            lit = sample.level > 0
            guard let next = sample.nextBoundary else { break }
            t = next
        }
        return n
    }

    @Test func aBlinkHandedOverUnderForEndsDarkAtTheRunsEnd() throws {
        var rig = TorchRig(runFor: .seconds(5))
        rig.command(.pattern(.blink(on: .milliseconds(50), off: .milliseconds(50))), at: atMs(0))
        let p = try #require(rig.handed)
        let sinceZero: Duration = p.startedAt - Instant.zero
        let darkFrom: Duration = .seconds(5) - sinceZero
        #expect(p.timeline.darkFrom == darkFrom)
        #expect(flashes(p, until: atMs(5000)) == 50)
    }

    @Test func aPatternChosenLaterEndsAtTheSameInstant() throws {
        var rig = TorchRig(runFor: .seconds(4))
        rig.command(.pattern(.strobe(.fast)), at: atMs(1000))
        let p = try #require(rig.handed)
        #expect(p.startedAt == atMs(1000))
        #expect(p.timeline.darkFrom == .seconds(3), "the run's end, from this program's start")
        #expect(flashes(p, until: atMs(4000)) == 15, "3 s of a 5 Hz strobe")
    }

    @Test func withoutForNothingIsCut() throws {
        var rig = TorchRig()
        rig.command(.pattern(.strobe(.fast)), at: atMs(0))
        #expect(try #require(rig.handed).timeline.darkFrom == nil)
    }
}
