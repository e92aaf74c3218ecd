import Testing
import TorchCore
import TorchEngine
import TorchHardware
import TorchTesting

@Suite("Feedback pulser")
struct FeedbackPulserTests {
    func ms(_ n: Int64) -> Instant { Instant(nanoseconds: n * 1_000_000) }

    /// The output's changes as "ms:duty" strings.
    func trace(_ out: SimulatedOutput) -> [String] {
        out.changes.map { "\($0.at.nanoseconds / 1_000_000):\(Int($0.duty))" }
    }

    @Test func pulseTurnsOnThenOffAtTheExactInstant() {
        let clock = ManualClock(ms(100))
        let out = SimulatedOutput(clock: clock, isBinary: true)
        let pulser = FeedbackPulser(output: out)
        pulser.pulse(at: clock.now())
        #expect(pulser.nextDeadline == ms(130))
        clock.advance(to: ms(129))
        pulser.advance(to: clock.now())
        #expect(out.duty == 1)
        clock.advance(to: ms(130))
        pulser.advance(to: clock.now())
        #expect(trace(out) == ["100:1", "130:0"])
        #expect(pulser.nextDeadline == nil)
        #expect(!pulser.isOn)
    }

    @Test func overlappingPulsesExtendWithoutAGap() {
        let clock = ManualClock(ms(0))
        let out = SimulatedOutput(clock: clock, isBinary: true)
        let pulser = FeedbackPulser(output: out, pulseLength: .milliseconds(50))
        pulser.pulse(at: clock.now())
        clock.advance(to: ms(40))
        pulser.advance(to: clock.now())
        pulser.pulse(at: clock.now())
        #expect(pulser.nextDeadline == ms(90))
        clock.advance(to: ms(50))
        pulser.advance(to: clock.now())
        #expect(out.duty == 1)
        clock.advance(to: ms(90))
        pulser.advance(to: clock.now())
        #expect(trace(out) == ["0:1", "90:0"])
    }

    @Test func lateAdvanceStillTurnsOff() {
        let clock = ManualClock(ms(0))
        let out = SimulatedOutput(clock: clock, isBinary: true)
        let pulser = FeedbackPulser(output: out)
        pulser.pulse(at: clock.now())
        clock.advance(to: ms(500))
        pulser.advance(to: clock.now())
        #expect(trace(out) == ["0:1", "500:0"])
    }

    @Test func closeWhileOnLeavesItOffAndReleased() {
        let clock = ManualClock(ms(0))
        let out = SimulatedOutput(clock: clock, isBinary: true)
        let pulser = FeedbackPulser(output: out)
        pulser.pulse(at: clock.now())
        clock.advance(to: ms(10))
        pulser.close()
        #expect(out.duty == 0)
        #expect(trace(out) == ["0:1", "10:0"])
        #expect(pulser.nextDeadline == nil)
        #expect(!pulser.hasOutput)
        // Closed: pulses do nothing, and closing again is harmless.
        pulser.pulse(at: ms(20))
        pulser.close()
        #expect(trace(out) == ["0:1", "10:0"])
    }

    @Test func noOutputMeansNoDeadline() {
        let pulser = FeedbackPulser(output: nil)
        pulser.pulse(at: ms(5))
        #expect(pulser.nextDeadline == nil)
        #expect(!pulser.isOn)
    }

    @Test func failedWritesAreCounted() {
        let out = FailingOutput()
        let pulser = FeedbackPulser(output: out, pulseLength: .milliseconds(30))
        #expect(pulser.pulse(at: ms(0)) == 5)
        #expect(pulser.advance(to: ms(30)) == 5)
        #expect(pulser.failures == 2)
        #expect(pulser.lastErrno == 5)
        #expect(pulser.nextDeadline == nil)
    }

    @Test func defaultLengthIs30ms() {
        #expect(FeedbackPulser(output: nil).pulseLength == .milliseconds(30))
        #expect(FeedbackPulser(output: nil, pulseLength: .zero).pulseLength == .milliseconds(1))
    }
}

/// An output whose every write fails with EIO (5).
final class FailingOutput: LightOutput {
    let kind = Backend.sim
    let isBinary = true
    let summary = "failing output"
    func write(duty: Double) -> Int32 { 5 }
    func close() {}
}
