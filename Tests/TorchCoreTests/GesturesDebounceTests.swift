import Testing
import TorchCore

@Suite struct GesturesDebounceTests {
    @Test func bounceTrainsOnPressAndReleaseGiveOnePressAndOneTap() {
        var loop = GestureLoop()
        // 7 edges 1 ms apart on the press (down, up, down, …, down) …
        for i in Int64(0)..<7 { loop.edge(i % 2 == 0, at: atMs(1000 + i)) }
        // … and 7 on the release (up, down, …, up).
        for i in Int64(0)..<7 { loop.edge(i % 2 != 0, at: atMs(1200 + i)) }
        loop.run(until: atMs(5000))
        #expect(loop.gestures == [.press(at: atMs(1000)), .release(at: atMs(1200)), .tap(at: atMs(1200))])
        // The press lit at once: it came out at the first edge's instant.
        #expect(loop.emittedAt.first == atMs(1000))
    }

    @Test func aLongBounceTrainWithGapsUnderDebounceNeverAddsGestures() {
        var loop = GestureLoop()
        // 201 edges 9 ms apart: one bounce train lasting 1.8 s, settling pressed.
        for i in Int64(0)...200 { loop.edge(i % 2 == 0, at: atMs(9 * i)) }
        loop.edge(false, at: atMs(5000))
        loop.run(until: atMs(10_000))
        #expect(loop.gestures.filter { $0.kind == .press }.count == 1)
        #expect(loop.gestures.filter { $0.kind == .release }.count == 1)
    }

    @Test func sub_millisecondBounceIsIgnored() {
        var loop = GestureLoop()
        for i in Int64(0)..<20 { loop.edge(i % 2 == 0, at: atUs(50_000 + 100 * i)) }
        loop.edge(true, at: atUs(52_000))
        loop.edge(false, at: atMs(100))
        loop.run(until: atMs(1000))
        #expect(loop.gestures == [.press(at: atMs(50)), .release(at: atMs(100)), .tap(at: atMs(100))])
    }

    @Test func aBounceGapJustUnderDebounceIsStillBounce() {
        var loop = GestureLoop()
        loop.click(atMs(0), atMs(100))
        // 9 ms after the release edge: bounce, and it settles released again.
        loop.edge(true, at: atMs(109))
        loop.edge(false, at: atMs(109) + .microseconds(500))
        loop.run(until: atMs(1000))
        #expect(loop.gestures == [.press(at: atMs(0)), .release(at: atMs(100)), .tap(at: atMs(100))])
    }

    @Test func aGapJustOverDebounceIsASecondPress() {
        var loop = GestureLoop()
        loop.click(atMs(0), atMs(100))
        loop.edge(true, at: atMs(111))
        loop.edge(false, at: atMs(111) + .microseconds(500))
        loop.run(until: atMs(1000))
        let release2 = atMs(111) + .microseconds(500)
        #expect(loop.gestures == [.press(at: atMs(0)), .release(at: atMs(100)), .tap(at: atMs(100)),
                                  .press(at: atMs(111)), .release(at: release2), .doubleTap(at: release2)])
    }

    @Test func aGapOfExactlyDebounceCountsAsQuiet() {
        var loop = GestureLoop()
        loop.click(atMs(0), atMs(100))
        loop.edge(true, at: atMs(110))
        #expect(loop.gestures.last == .press(at: atMs(110)))
    }

    @Test func aChangeThatSettlesInsideTheWindowIsStampedAtTheLastRawEdge() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: atMs(0)))
        // Released 3 ms later, inside the press's bounce window: not accepted yet …
        #expect(r.handle(RawEdge(pressed: false, at: atMs(3))) == [])
        #expect(r.nextDeadline == atMs(13))
        #expect(r.advance(to: atMs(12)) == [])
        // … but once quiet, the release counts from when the contact settled.
        #expect(r.advance(to: atMs(13)) == [.release(at: atMs(3)), .tap(at: atMs(3))])
        #expect(!r.isPressed)
    }

    @Test func aPressThatSettlesAfterAReleaseBounceIsAccepted() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: atMs(0)))
        _ = r.handle(RawEdge(pressed: false, at: atMs(100)))
        #expect(r.handle(RawEdge(pressed: true, at: atMs(105))) == [])
        #expect(r.advance(to: atMs(115)) == [.press(at: atMs(105))])
        #expect(r.isPressed)
        #expect(r.nextDeadline == atMs(505))
    }

    @Test func aHoldThresholdWaitsForAPendingReleaseToSettle() {
        let timing = GestureTiming(debounce: .milliseconds(50), holdTime: .milliseconds(100),
                                   doubleTapWindow: .milliseconds(300), longHoldTime: .seconds(2))
        // The contact chatters across the hold threshold and settles released at 99 ms:
        // a tap, even though the loop woke at 100 ms while the button looked pressed.
        var tap = GestureLoop(timing)
        tap.edge(true, at: atMs(0))
        tap.edge(false, at: atMs(40))
        tap.edge(true, at: atMs(80))
        tap.edge(false, at: atMs(99))
        tap.run(until: atMs(1000))
        #expect(tap.wakeUps.contains(atMs(100)))
        #expect(tap.gestures == [.press(at: atMs(0)), .release(at: atMs(99)), .tap(at: atMs(99))])

        // Settling released at 101 ms: the hold had started at 100 ms, in order.
        var hold = GestureLoop(timing)
        hold.edge(true, at: atMs(0))
        hold.edge(false, at: atMs(40))
        hold.edge(true, at: atMs(80))
        hold.edge(false, at: atMs(101))
        hold.run(until: atMs(1000))
        #expect(hold.gestures == [.press(at: atMs(0)), .holdStart(at: atMs(100)), .release(at: atMs(101)), .holdEnd(at: atMs(101))])
    }

    @Test func aHoldThresholdFiresWhenTheChatterSettlesPressed() {
        let timing = GestureTiming(debounce: .milliseconds(50), holdTime: .milliseconds(100),
                                   doubleTapWindow: .milliseconds(300), longHoldTime: .seconds(2))
        var loop = GestureLoop(timing)
        loop.edge(true, at: atMs(0))
        loop.edge(false, at: atMs(45))
        loop.edge(true, at: atMs(90))
        loop.run(until: atMs(1000))
        #expect(loop.gestures == [.press(at: atMs(0)), .holdStart(at: atMs(100))])
    }

    @Test func aLargeJumpProcessesEverythingInOrder() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: atMs(0)))
        _ = r.handle(RawEdge(pressed: false, at: atMs(3)))
        #expect(r.advance(to: atMs(60_000)) == [.release(at: atMs(3)), .tap(at: atMs(3)), .clicksEnded(1, at: atMs(303))])

        var held = GestureRecognizer()
        _ = held.handle(RawEdge(pressed: true, at: atMs(0)))
        #expect(held.advance(to: atMs(60_000)) == [.holdStart(at: atMs(400)), .longHold(at: atMs(2000))])
    }

    @Test func anEdgeOlderThanWhatWasProcessedCountsAsNow() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: atMs(0)))
        _ = r.advance(to: atMs(500))
        #expect(r.handle(RawEdge(pressed: false, at: atMs(300))) == [.release(at: atMs(500)), .holdEnd(at: atMs(500))])
    }

    @Test func resynchronizingAfterALostReleaseInventsNoTap() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: atMs(0)))
        let g = r.resynchronize(pressed: false, at: atMs(100))
        #expect(g == [.release(at: atMs(100)), .holdEnd(at: atMs(100))])
        #expect(r.nextDeadline == nil)
        // The next tap is a plain tap, not the second half of a double tap.
        _ = r.handle(RawEdge(pressed: true, at: atMs(150)))
        #expect(r.handle(RawEdge(pressed: false, at: atMs(200))) == [.release(at: atMs(200)), .tap(at: atMs(200))])
    }

    @Test func resynchronizingAfterALostPressStartsAPress() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: atMs(0)))
        _ = r.handle(RawEdge(pressed: false, at: atMs(50)))
        // The tap at 50 ms could have begun a double tap; after lost events it must not.
        #expect(r.resynchronize(pressed: true, at: atMs(100)) == [.press(at: atMs(100))])
        #expect(r.nextDeadline == atMs(500))
        #expect(r.handle(RawEdge(pressed: false, at: atMs(150))) == [.release(at: atMs(150)), .tap(at: atMs(150))])
    }

    @Test func resynchronizingWhenConsistentChangesNothing() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: atMs(0)))
        _ = r.handle(RawEdge(pressed: false, at: atMs(2)))
        // Mid-bounce, the line reads released: the pending bounce is dropped, no gestures.
        #expect(r.resynchronize(pressed: true, at: atMs(5)) == [])
        #expect(r.isPressed)
        #expect(r.nextDeadline == atMs(400))
    }

    @Test func startingPressedReportsOnlyTheEnd() {
        var r = GestureRecognizer(pressed: true, at: atMs(0))
        #expect(r.nextDeadline == atMs(600_000), "only a stuck button's time (stuck-after) is left to time")
        #expect(r.advance(to: atMs(5000)) == [])
        #expect(r.handle(RawEdge(pressed: false, at: atMs(6000))) == [.release(at: atMs(6000)), .holdEnd(at: atMs(6000))])
    }
}
