import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine

@Suite struct KeyboardButtonTests {
    let t0 = Instant(nanoseconds: 1_000_000_000)

    @Test func spaceIsAWholeTap() {
        var k = KeyboardButton()
        let actions = k.handle([UInt8(ascii: " ")], at: t0)
        #expect(actions == [.edge(ButtonEdge(role: .on, pressed: true, at: t0))])
        #expect(k.nextDeadline == t0 + k.tapLength)
        #expect(k.advance(to: t0 + .milliseconds(10)).isEmpty)
        #expect(k.advance(to: t0 + k.tapLength) == [ButtonEdge(role: .on, pressed: false, at: t0 + k.tapLength)])
        #expect(k.nextDeadline == nil)
    }

    @Test func hHoldsUntilPressedAgain() {
        var k = KeyboardButton()
        #expect(k.handle([UInt8(ascii: "h")], at: t0) == [.edge(ButtonEdge(role: .on, pressed: true, at: t0))])
        #expect(k.holding)
        #expect(k.nextDeadline == nil, "no release until h again")
        // A space while holding is ignored: the button is already down.
        #expect(k.handle([UInt8(ascii: " ")], at: t0 + .seconds(1)).isEmpty)
        let t1 = t0 + .seconds(3)
        #expect(k.handle([UInt8(ascii: "h")], at: t1) == [.edge(ButtonEdge(role: .on, pressed: false, at: t1))])
    }

    @Test func otherKeys() {
        var k = KeyboardButton()
        let a = k.handle(Array("x+-nq".utf8) + [3], at: t0)
        #expect(a == [.edge(ButtonEdge(role: .off, pressed: true, at: t0)), .brightnessStep(0.1), .brightnessStep(-0.1),
                      .command(.nextPattern), .quit, .quit])
        #expect(k.advance(to: t0 + .seconds(1)) == [ButtonEdge(role: .off, pressed: false, at: t0 + k.tapLength)])
        #expect(k.handle(Array("z?".utf8), at: t0).isEmpty, "unknown keys do nothing")
    }
}
