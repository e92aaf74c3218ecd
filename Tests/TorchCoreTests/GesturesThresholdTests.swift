import Testing
import TorchCore

@Suite struct GesturesThresholdTests {
    @Test func releaseOneMillisecondBeforeHoldTimeIsATap() {
        var loop = GestureLoop()
        loop.click(ms(1000), ms(1399))
        loop.run(until: ms(5000))
        #expect(loop.gestures == [.press(at: ms(1000)), .release(at: ms(1399)), .tap(at: ms(1399))])
    }

    @Test func releaseExactlyAtHoldTimeIsAHold() {
        var loop = GestureLoop()
        loop.click(ms(1000), ms(1400))
        loop.run(until: ms(5000))
        #expect(loop.gestures == [.press(at: ms(1000)), .holdStart(at: ms(1400)), .release(at: ms(1400)), .holdEnd(at: ms(1400))])
    }

    @Test func releaseOneMillisecondAfterHoldTimeIsAHold() {
        var loop = GestureLoop()
        loop.click(ms(1000), ms(1401))
        loop.run(until: ms(5000))
        #expect(loop.gestures == [.press(at: ms(1000)), .holdStart(at: ms(1400)), .release(at: ms(1401)), .holdEnd(at: ms(1401))])
        // The hold start came out when the loop woke at its deadline, not at the release.
        #expect(loop.emittedAt[1] == ms(1400))
    }

    @Test func deadlinesAreExactInstants() {
        var r = GestureRecognizer()
        #expect(r.nextDeadline == nil)
        #expect(r.handle(RawEdge(pressed: true, at: ms(100))) == [.press(at: ms(100))])
        #expect(r.nextDeadline == ms(110), "the debounce window closes first")
        #expect(r.advance(to: ms(110)) == [])
        #expect(r.nextDeadline == ms(500))
        #expect(r.advance(to: ms(500) - .nanoseconds(1)) == [])
        #expect(r.advance(to: ms(500)) == [.holdStart(at: ms(500))])
        #expect(r.nextDeadline == ms(2100))
        #expect(r.advance(to: ms(2099)) == [])
        #expect(r.advance(to: ms(2100)) == [.longHold(at: ms(2100))])
        #expect(r.nextDeadline == nil)
        #expect(r.handle(RawEdge(pressed: false, at: ms(3000))) == [.release(at: ms(3000)), .holdEnd(at: ms(3000))])
        #expect(r.nextDeadline == ms(3010))
    }

    @Test func longHoldThresholdAtPlusMinusOneMillisecond() {
        var before = GestureLoop()
        before.click(ms(0), ms(1999))
        #expect(!before.gestures.contains(.longHold(at: ms(2000))))
        #expect(before.gestures.last == .holdEnd(at: ms(1999)))

        var exact = GestureLoop()
        exact.click(ms(0), ms(2000))
        #expect(exact.gestures == [.press(at: ms(0)), .holdStart(at: ms(400)), .longHold(at: ms(2000)),
                                   .release(at: ms(2000)), .holdEnd(at: ms(2000))])

        var after = GestureLoop()
        after.click(ms(0), ms(2001))
        #expect(after.gestures.contains(.longHold(at: ms(2000))))
        #expect(after.emittedAt[2] == ms(2000))
    }

    @Test func doubleTapWindowAtPlusMinusOneMillisecond() {
        // First tap released at 100 ms; the window is 300 ms, half-open.
        var inside = GestureLoop()
        inside.click(ms(0), ms(100))
        inside.click(ms(399), ms(450))
        #expect(inside.gestures == [.press(at: ms(0)), .release(at: ms(100)), .tap(at: ms(100)),
                                    .press(at: ms(399)), .release(at: ms(450)), .doubleTap(at: ms(450))])

        var exact = GestureLoop()
        exact.click(ms(0), ms(100))
        exact.click(ms(400), ms(450))
        #expect(exact.gestures.last == .tap(at: ms(450)))
        #expect(!exact.gestures.contains { $0.kind == .doubleTap })

        var late = GestureLoop()
        late.click(ms(0), ms(100))
        late.click(ms(401), ms(450))
        #expect(late.gestures.filter { $0.kind == .tap }.count == 2)
    }

    @Test func doubleTapSecondPressMustBeShorterThanHoldTime() {
        var tapped = GestureLoop()
        tapped.click(ms(0), ms(100))
        tapped.click(ms(200), ms(599))
        #expect(tapped.gestures.last == .doubleTap(at: ms(599)))

        var held = GestureLoop()
        held.click(ms(0), ms(100))
        held.click(ms(200), ms(600))
        #expect(held.gestures.suffix(3) == [.holdStart(at: ms(600)), .release(at: ms(600)), .holdEnd(at: ms(600))])
        #expect(!held.gestures.contains { $0.kind == .doubleTap })
    }

    @Test func aThirdTapStartsAfresh() {
        var loop = GestureLoop()
        loop.click(ms(0), ms(50))
        loop.click(ms(100), ms(150))
        loop.click(ms(200), ms(250))
        loop.click(ms(300), ms(350))
        let kinds = loop.gestures.map(\.kind).filter { $0 == .tap || $0 == .doubleTap }
        #expect(kinds == [.tap, .doubleTap, .tap, .doubleTap])
    }

    @Test func customTimingIsHonoured() {
        let timing = GestureTiming(debounce: .milliseconds(5), holdTime: .milliseconds(250),
                                   doubleTapWindow: .milliseconds(500), longHoldTime: .seconds(1))
        var loop = GestureLoop(timing)
        loop.click(ms(0), ms(249))
        loop.click(ms(748), ms(800))
        #expect(loop.gestures.last == .doubleTap(at: ms(800)))
        loop.click(ms(2000), ms(3000))
        #expect(loop.gestures.contains(.holdStart(at: ms(2250))))
        #expect(loop.gestures.contains(.longHold(at: ms(3000))))
    }

    @Test func defaultsAreTheDocumentedOnes() {
        let t = GestureTiming()
        #expect(t.debounce == .milliseconds(10))
        #expect(t.holdTime == .milliseconds(400))
        #expect(t.doubleTapWindow == .milliseconds(300))
        #expect(t.longHoldTime == .seconds(2))
    }

    @Test func gestureKindsAndDescriptions() {
        #expect(Gesture.doubleTap(at: ms(5)).kind == .doubleTap)
        #expect(Gesture.holdEnd(at: ms(7)).at == ms(7))
        #expect(Gesture.longHold(at: ms(1)).description == "long-hold at 1000000ns")
        #expect(GestureKind.holdStart.rawValue == "hold-start")
    }
}
