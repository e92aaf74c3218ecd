import Testing
import TorchCore

/// Issue 36: a stuck or shorted button. A press held past `stuckAfter` ends there as a
/// release (the light a hold gave goes as at any release), the recognizer is stuck, and
/// the line's own release later ends that without a gesture.
@Suite struct GesturesStuckTests {
    static let timing = GestureTiming(stuckAfter: .seconds(60))

    @Test func aPressHeldPastStuckAfterIsReleasedThereOnce() {
        var loop = GestureLoop(Self.timing)
        loop.edge(true, at: atMs(1000))
        loop.run(until: atMs(600_000))
        #expect(loop.gestures == [.press(at: atMs(1000)), .holdStart(at: atMs(1400)), .longHold(at: atMs(3000)),
                                  .release(at: atMs(61_000)), .holdEnd(at: atMs(61_000))])
        #expect(loop.recognizer.isStuck)
        #expect(loop.recognizer.isPressed, "the line is still down")
        #expect(loop.recognizer.nextDeadline == nil, "nothing more to time while it is stuck")
    }

    @Test func theLinesReleaseEndsItWithoutAGesture() {
        var loop = GestureLoop(Self.timing)
        loop.edge(true, at: atMs(0))
        loop.run(until: atMs(70_000))
        let before = loop.gestures.count
        loop.edge(false, at: atMs(90_000))
        loop.run(until: atMs(91_000))
        #expect(loop.gestures.count == before, "no second release: \(loop.gestures.dropFirst(before))")
        #expect(!loop.recognizer.isStuck)
        // A button again: the next press is a tap.
        loop.edge(true, at: atMs(92_000))
        loop.edge(false, at: atMs(92_100))
        loop.run(until: atMs(93_000))
        #expect(Array(loop.gestures.dropFirst(before)) == [.press(at: atMs(92_000)), .release(at: atMs(92_100)), .tap(at: atMs(92_100))])
    }

    @Test func aLineThatSaysPressedAgainGivesNothing() {
        var loop = GestureLoop(Self.timing)
        loop.edge(true, at: atMs(0))
        loop.run(until: atMs(61_000))
        let before = loop.gestures.count
        // A noisy short reports pressed again and again: still the same stuck press.
        for i in 0..<6 { loop.edge(true, at: atMs(70_000 + Int64(i) * 500)) }
        loop.run(until: atMs(700_000))
        #expect(loop.gestures.count == before)
        #expect(loop.recognizer.isStuck)
    }

    @Test func aButtonHeldAtTheStartIsStuckAfterItsTime() {
        var r = GestureRecognizer(timing: Self.timing, pressed: true, at: atMs(0))
        #expect(r.nextDeadline == atMs(60_000))
        #expect(r.advance(to: atMs(60_000)) == [.release(at: atMs(60_000)), .holdEnd(at: atMs(60_000))])
        #expect(r.isStuck)
    }

    @Test func aResyncStaysStuckWhileHeldAndEndsItWhenReleased() {
        var r = GestureRecognizer(timing: Self.timing)
        _ = r.handle(RawEdge(pressed: true, at: atMs(0)))
        _ = r.advance(to: atMs(61_000))
        #expect(r.resynchronize(pressed: true, at: atMs(62_000)).isEmpty)
        #expect(r.isStuck)
        #expect(r.resynchronize(pressed: false, at: atMs(63_000)).isEmpty, "its release was given already")
        #expect(!r.isStuck)
    }

    @Test func aRecognizerMadeAgainKeepsItStuck() {
        let r = GestureRecognizer(timing: Self.timing, pressed: true, stuck: true, at: atMs(5))
        #expect(r.isStuck && r.isPressed && r.nextDeadline == nil)
    }
}
