import Testing
import TorchCore

@Suite struct GesturesThresholdTests {
    @Test func releaseOneMillisecondBeforeHoldTimeIsATap() {
        var loop = GestureLoop()
        loop.click(atMs(1000), atMs(1399))
        loop.run(until: atMs(5000))
        #expect(loop.all == [.press(at: atMs(1000)), .release(at: atMs(1399)), .tap(at: atMs(1399)),
                             .clicksEnded(1, at: atMs(1699))])
    }

    @Test func releaseExactlyAtHoldTimeIsAHold() {
        var loop = GestureLoop()
        loop.click(atMs(1000), atMs(1400))
        loop.run(until: atMs(5000))
        #expect(loop.gestures == [.press(at: atMs(1000)), .holdStart(at: atMs(1400)), .release(at: atMs(1400)), .holdEnd(at: atMs(1400))])
    }

    @Test func releaseOneMillisecondAfterHoldTimeIsAHold() {
        var loop = GestureLoop()
        loop.click(atMs(1000), atMs(1401))
        loop.run(until: atMs(5000))
        #expect(loop.gestures == [.press(at: atMs(1000)), .holdStart(at: atMs(1400)), .release(at: atMs(1401)), .holdEnd(at: atMs(1401))])
        // The hold start came out when the loop woke at its deadline, not at the release.
        #expect(loop.emittedAt[1] == atMs(1400))
    }

    @Test func deadlinesAreExactInstants() {
        var r = GestureRecognizer()
        #expect(r.nextDeadline == nil)
        #expect(r.handle(RawEdge(pressed: true, at: atMs(100))) == [.press(at: atMs(100))])
        #expect(r.nextDeadline == atMs(110), "the debounce window closes first")
        #expect(r.advance(to: atMs(110)) == [])
        #expect(r.nextDeadline == atMs(500))
        #expect(r.advance(to: atMs(500) - .nanoseconds(1)) == [])
        #expect(r.advance(to: atMs(500)) == [.holdStart(at: atMs(500))])
        #expect(r.nextDeadline == atMs(2100))
        #expect(r.advance(to: atMs(2099)) == [])
        #expect(r.advance(to: atMs(2100)) == [.longHold(at: atMs(2100))])
        #expect(r.nextDeadline == atMs(600_100), "stuck-after (10 min) from the press")
        #expect(r.handle(RawEdge(pressed: false, at: atMs(3000))) == [.release(at: atMs(3000)), .holdEnd(at: atMs(3000))])
        #expect(r.nextDeadline == atMs(3010))
    }

    @Test func longHoldThresholdAtPlusMinusOneMillisecond() {
        var before = GestureLoop()
        before.click(atMs(0), atMs(1999))
        #expect(!before.gestures.contains(.longHold(at: atMs(2000))))
        #expect(before.gestures.last == .holdEnd(at: atMs(1999)))

        var exact = GestureLoop()
        exact.click(atMs(0), atMs(2000))
        #expect(exact.gestures == [.press(at: atMs(0)), .holdStart(at: atMs(400)), .longHold(at: atMs(2000)),
                                   .release(at: atMs(2000)), .holdEnd(at: atMs(2000))])

        var after = GestureLoop()
        after.click(atMs(0), atMs(2001))
        #expect(after.gestures.contains(.longHold(at: atMs(2000))))
        #expect(after.emittedAt[2] == atMs(2000))
    }

    @Test func doubleTapWindowAtPlusMinusOneMillisecond() {
        // First tap released at 100 ms; the window is 300 ms, half-open.
        var inside = GestureLoop()
        inside.click(atMs(0), atMs(100))
        inside.click(atMs(399), atMs(450))
        #expect(inside.gestures == [.press(at: atMs(0)), .release(at: atMs(100)), .tap(at: atMs(100)),
                                    .press(at: atMs(399)), .release(at: atMs(450)), .doubleTap(at: atMs(450))])

        var exact = GestureLoop()
        exact.click(atMs(0), atMs(100))
        exact.click(atMs(400), atMs(450))
        #expect(exact.gestures.last == .tap(at: atMs(450)))
        #expect(!exact.gestures.contains { $0.kind == .doubleTap })

        var late = GestureLoop()
        late.click(atMs(0), atMs(100))
        late.click(atMs(401), atMs(450))
        #expect(late.gestures.filter { $0.kind == .tap }.count == 2)
    }

    @Test func doubleTapSecondPressMustBeShorterThanHoldTime() {
        var tapped = GestureLoop()
        tapped.click(atMs(0), atMs(100))
        tapped.click(atMs(200), atMs(599))
        #expect(tapped.gestures.last == .doubleTap(at: atMs(599)))

        var held = GestureLoop()
        held.click(atMs(0), atMs(100))
        held.click(atMs(200), atMs(600))
        #expect(held.gestures.suffix(4) == [.holdStart(at: atMs(600)), .clickHold(2, at: atMs(600)), .release(at: atMs(600)),
                                            .holdEnd(at: atMs(600))])
        #expect(!held.gestures.contains { $0.kind == .doubleTap })
    }

    @Test func aThirdTapIsAThirdClickOfTheSequence() {
        var loop = GestureLoop()
        loop.click(atMs(0), atMs(50))
        loop.click(atMs(100), atMs(150))
        loop.click(atMs(200), atMs(250))
        loop.click(atMs(300), atMs(350))
        loop.run(until: atMs(1000))
        let clicks = loop.all.filter { ![.press, .release].contains($0.kind) }
        #expect(clicks == [.tap(at: atMs(50)), .doubleTap(at: atMs(150)), .click(3, at: atMs(250)), .click(4, at: atMs(350)),
                           .clicksEnded(4, at: atMs(650))])
    }

    @Test func customTimingIsHonoured() {
        let timing = GestureTiming(debounce: .milliseconds(5), holdTime: .milliseconds(250),
                                   doubleTapWindow: .milliseconds(500), longHoldTime: .seconds(1))
        var loop = GestureLoop(timing)
        loop.click(atMs(0), atMs(249))
        loop.click(atMs(748), atMs(800))
        #expect(loop.gestures.last == .doubleTap(at: atMs(800)))
        loop.click(atMs(2000), atMs(3000))
        #expect(loop.gestures.contains(.holdStart(at: atMs(2250))))
        #expect(loop.gestures.contains(.longHold(at: atMs(3000))))
    }

    @Test func defaultsAreTheDocumentedOnes() {
        let t = GestureTiming()
        #expect(t.debounce == .milliseconds(10))
        #expect(t.holdTime == .milliseconds(400))
        #expect(t.doubleTapWindow == .milliseconds(300))
        #expect(t.longHoldTime == .seconds(2))
    }
}
