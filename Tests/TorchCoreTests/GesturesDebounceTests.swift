import Testing
import TorchCore

@Suite struct GesturesDebounceTests {
    @Test func bounceTrainsOnPressAndReleaseGiveOnePressAndOneTap() {
        var loop = GestureLoop()
        // 7 edges 1 ms apart on the press (down, up, down, …, down) …
        for i in Int64(0)..<7 { loop.edge(i % 2 == 0, at: ms(1000 + i)) }
        // … and 7 on the release (up, down, …, up).
        for i in Int64(0)..<7 { loop.edge(i % 2 != 0, at: ms(1200 + i)) }
        loop.run(until: ms(5000))
        #expect(loop.gestures == [.press(at: ms(1000)), .release(at: ms(1200)), .tap(at: ms(1200))])
        // The press lit at once: it came out at the first edge's instant.
        #expect(loop.emittedAt.first == ms(1000))
    }

    @Test func aLongBounceTrainWithGapsUnderDebounceNeverAddsGestures() {
        var loop = GestureLoop()
        // 201 edges 9 ms apart: one bounce train lasting 1.8 s, settling pressed.
        for i in Int64(0)...200 { loop.edge(i % 2 == 0, at: ms(9 * i)) }
        loop.edge(false, at: ms(5000))
        loop.run(until: ms(10_000))
        #expect(loop.gestures.filter { $0.kind == .press }.count == 1)
        #expect(loop.gestures.filter { $0.kind == .release }.count == 1)
    }

    @Test func sub_millisecondBounceIsIgnored() {
        var loop = GestureLoop()
        for i in Int64(0)..<20 { loop.edge(i % 2 == 0, at: us(50_000 + 100 * i)) }
        loop.edge(true, at: us(52_000))
        loop.edge(false, at: ms(100))
        loop.run(until: ms(1000))
        #expect(loop.gestures == [.press(at: ms(50)), .release(at: ms(100)), .tap(at: ms(100))])
    }

    @Test func aBounceGapJustUnderDebounceIsStillBounce() {
        var loop = GestureLoop()
        loop.click(ms(0), ms(100))
        // 9 ms after the release edge: bounce, and it settles released again.
        loop.edge(true, at: ms(109))
        loop.edge(false, at: ms(109) + .microseconds(500))
        loop.run(until: ms(1000))
        #expect(loop.gestures == [.press(at: ms(0)), .release(at: ms(100)), .tap(at: ms(100))])
    }

    @Test func aGapJustOverDebounceIsASecondPress() {
        var loop = GestureLoop()
        loop.click(ms(0), ms(100))
        loop.edge(true, at: ms(111))
        loop.edge(false, at: ms(111) + .microseconds(500))
        loop.run(until: ms(1000))
        let release2 = ms(111) + .microseconds(500)
        #expect(loop.gestures == [.press(at: ms(0)), .release(at: ms(100)), .tap(at: ms(100)),
                                  .press(at: ms(111)), .release(at: release2), .doubleTap(at: release2)])
    }

    @Test func aGapOfExactlyDebounceCountsAsQuiet() {
        var loop = GestureLoop()
        loop.click(ms(0), ms(100))
        loop.edge(true, at: ms(110))
        #expect(loop.gestures.last == .press(at: ms(110)))
    }

    @Test func aChangeThatSettlesInsideTheWindowIsStampedAtTheLastRawEdge() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: ms(0)))
        // Released 3 ms later, inside the press's bounce window: not accepted yet …
        #expect(r.handle(RawEdge(pressed: false, at: ms(3))) == [])
        #expect(r.nextDeadline == ms(13))
        #expect(r.advance(to: ms(12)) == [])
        // … but once quiet, the release counts from when the contact settled.
        #expect(r.advance(to: ms(13)) == [.release(at: ms(3)), .tap(at: ms(3))])
        #expect(!r.isPressed)
    }

    @Test func aPressThatSettlesAfterAReleaseBounceIsAccepted() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: ms(0)))
        _ = r.handle(RawEdge(pressed: false, at: ms(100)))
        #expect(r.handle(RawEdge(pressed: true, at: ms(105))) == [])
        #expect(r.advance(to: ms(115)) == [.press(at: ms(105))])
        #expect(r.isPressed)
        #expect(r.nextDeadline == ms(505))
    }

    @Test func aHoldThresholdWaitsForAPendingReleaseToSettle() {
        let timing = GestureTiming(debounce: .milliseconds(50), holdTime: .milliseconds(100),
                                   doubleTapWindow: .milliseconds(300), longHoldTime: .seconds(2))
        // The contact chatters across the hold threshold and settles released at 99 ms:
        // a tap, even though the loop woke at 100 ms while the button looked pressed.
        var tap = GestureLoop(timing)
        tap.edge(true, at: ms(0))
        tap.edge(false, at: ms(40))
        tap.edge(true, at: ms(80))
        tap.edge(false, at: ms(99))
        tap.run(until: ms(1000))
        #expect(tap.wakeUps.contains(ms(100)))
        #expect(tap.gestures == [.press(at: ms(0)), .release(at: ms(99)), .tap(at: ms(99))])

        // Settling released at 101 ms: the hold had started at 100 ms, in order.
        var hold = GestureLoop(timing)
        hold.edge(true, at: ms(0))
        hold.edge(false, at: ms(40))
        hold.edge(true, at: ms(80))
        hold.edge(false, at: ms(101))
        hold.run(until: ms(1000))
        #expect(hold.gestures == [.press(at: ms(0)), .holdStart(at: ms(100)), .release(at: ms(101)), .holdEnd(at: ms(101))])
    }

    @Test func aHoldThresholdFiresWhenTheChatterSettlesPressed() {
        let timing = GestureTiming(debounce: .milliseconds(50), holdTime: .milliseconds(100),
                                   doubleTapWindow: .milliseconds(300), longHoldTime: .seconds(2))
        var loop = GestureLoop(timing)
        loop.edge(true, at: ms(0))
        loop.edge(false, at: ms(45))
        loop.edge(true, at: ms(90))
        loop.run(until: ms(1000))
        #expect(loop.gestures == [.press(at: ms(0)), .holdStart(at: ms(100))])
    }

    @Test func aLargeJumpProcessesEverythingInOrder() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: ms(0)))
        _ = r.handle(RawEdge(pressed: false, at: ms(3)))
        #expect(r.advance(to: ms(60_000)) == [.release(at: ms(3)), .tap(at: ms(3))])

        var held = GestureRecognizer()
        _ = held.handle(RawEdge(pressed: true, at: ms(0)))
        #expect(held.advance(to: ms(60_000)) == [.holdStart(at: ms(400)), .longHold(at: ms(2000))])
    }

    @Test func anEdgeOlderThanWhatWasProcessedCountsAsNow() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: ms(0)))
        _ = r.advance(to: ms(500))
        #expect(r.handle(RawEdge(pressed: false, at: ms(300))) == [.release(at: ms(500)), .holdEnd(at: ms(500))])
    }

    @Test func resynchronizingAfterALostReleaseInventsNoTap() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: ms(0)))
        let g = r.resynchronize(pressed: false, at: ms(100))
        #expect(g == [.release(at: ms(100)), .holdEnd(at: ms(100))])
        #expect(r.nextDeadline == nil)
        // The next tap is a plain tap, not the second half of a double tap.
        _ = r.handle(RawEdge(pressed: true, at: ms(150)))
        #expect(r.handle(RawEdge(pressed: false, at: ms(200))) == [.release(at: ms(200)), .tap(at: ms(200))])
    }

    @Test func resynchronizingAfterALostPressStartsAPress() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: ms(0)))
        _ = r.handle(RawEdge(pressed: false, at: ms(50)))
        // The tap at 50 ms could have begun a double tap; after lost events it must not.
        #expect(r.resynchronize(pressed: true, at: ms(100)) == [.press(at: ms(100))])
        #expect(r.nextDeadline == ms(500))
        #expect(r.handle(RawEdge(pressed: false, at: ms(150))) == [.release(at: ms(150)), .tap(at: ms(150))])
    }

    @Test func resynchronizingWhenConsistentChangesNothing() {
        var r = GestureRecognizer()
        _ = r.handle(RawEdge(pressed: true, at: ms(0)))
        _ = r.handle(RawEdge(pressed: false, at: ms(2)))
        // Mid-bounce, the line reads released: the pending bounce is dropped, no gestures.
        #expect(r.resynchronize(pressed: true, at: ms(5)) == [])
        #expect(r.isPressed)
        #expect(r.nextDeadline == ms(400))
    }

    @Test func startingPressedReportsOnlyTheEnd() {
        var r = GestureRecognizer(pressed: true, at: ms(0))
        #expect(r.nextDeadline == nil)
        #expect(r.advance(to: ms(5000)) == [])
        #expect(r.handle(RawEdge(pressed: false, at: ms(6000))) == [.release(at: ms(6000)), .holdEnd(at: ms(6000))])
    }
}
