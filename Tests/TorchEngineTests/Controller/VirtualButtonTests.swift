import Testing
import TorchCore
import TorchEngine

/// The virtual button (`press` / `release` on the control socket): the same recognizer
/// as the physical button, stamped with each request's arrival; a holder that goes away
/// releases at once.
@Suite struct VirtualButtonTests {
    func pulses(_ rig: TorchRig) -> [GestureKind] {
        rig.effects.compactMap { if case let .gesture(k, _) = $0, k.pulsesFeedback { k } else { nil } }
    }

    @Test func aVirtualTapLatchesTheLightAsAPhysicalTapDoes() {
        var rig = TorchRig()
        #expect(rig.request(#"{"cmd":"press"}"#, at: atMs(0)) == .success())
        // The press lights at once, before it is classified.
        #expect(rig.lit && rig.torch.momentary)
        #expect(rig.request(#"{"cmd":"release","role":"on"}"#, at: atMs(60)) == .success())
        #expect(rig.lit && !rig.torch.momentary)
        #expect(pulses(rig) == [.tap])
        #expect(rig.controller.lastCommandOrigin == .socket)
    }

    @Test func aVirtualDoubleTapGoesToTheNextPattern() {
        let settings = TorchSettings(patterns: [.steady, .strobe(.fast)])
        var rig = TorchRig(settings)
        _ = rig.request(#"{"cmd":"press"}"#, at: atMs(0))
        _ = rig.request(#"{"cmd":"release"}"#, at: atMs(50))
        _ = rig.request(#"{"cmd":"press"}"#, at: atMs(150))
        _ = rig.request(#"{"cmd":"release"}"#, at: atMs(200))
        rig.run(until: atMs(500))
        #expect(pulses(rig) == [.tap, .doubleTap])
        #expect(rig.lit && rig.torch.pattern == .strobe(.fast))
    }

    @Test func aVirtualHoldFromDarkIsHoldForLightExactlyAtTheHoldTime() {
        var rig = TorchRig()
        _ = rig.request(#"{"cmd":"press"}"#, at: atMs(1000))
        rig.run(until: atMs(1399))
        #expect(pulses(rig).isEmpty)
        rig.run(until: atMs(1400))
        #expect(pulses(rig) == [.holdStart])
        _ = rig.request(#"{"cmd":"release"}"#, at: atMs(1900))
        #expect(!rig.lit)
    }

    @Test func aHolderThatGoesAwayReleasesAtOnce() {
        var rig = TorchRig()
        _ = rig.controller.handle(.request(ControlRequest(.press(.on)), from: .socket, client: 3, at: atMs(0)))
        rig.run(until: atMs(600))
        #expect(rig.lit && rig.torch.momentary)
        #expect(rig.controller.isHoldingVirtualButton(VirtualHolder(origin: .socket, client: 3)))
        rig.controller.handle(.virtualHolderGone(VirtualHolder(origin: .socket, client: 3), at: atMs(700)))
        rig.run(until: atMs(700))
        #expect(!rig.lit)
        #expect(rig.programs.last?.isDark == true && rig.programs.last?.startedAt == atMs(700))
        #expect(!rig.controller.isVirtuallyPressed(.on))
        let logs = rig.effects.compactMap { if case let .log(_, l) = $0 { l } else { nil } }
        #expect(logs.contains("button (on): virtual press released: socket client 3 went away"))
    }

    @Test func theButtonStaysDownWhileAnotherHolderHoldsIt() {
        var rig = TorchRig()
        let one = VirtualHolder(origin: .socket, client: 1), two = VirtualHolder(origin: .socket, client: 2)
        rig.controller.handle(.request(ControlRequest(.press(.on)), from: one.origin, client: one.client, at: atMs(0)))
        rig.controller.handle(.request(ControlRequest(.press(.on)), from: two.origin, client: two.client, at: atMs(10)))
        rig.controller.handle(.virtualHolderGone(one, at: atMs(500)))
        rig.run(until: atMs(600))
        #expect(rig.lit && rig.controller.isVirtuallyPressed(.on))
        // A release is the button coming up, whoever pressed it.
        rig.controller.handle(.request(ControlRequest(.release(.on)), from: one.origin, client: one.client, at: atMs(700)))
        rig.run(until: atMs(700))
        #expect(!rig.lit && !rig.controller.isVirtuallyPressed(.on))
        #expect(!rig.controller.isHoldingVirtualButton(two))
    }

    @Test func theVirtualOffButtonStopsEverything() {
        var rig = TorchRig()
        _ = rig.request(#"{"cmd":"pattern","name":"sos"}"#, at: atMs(0))
        #expect(rig.request(#"{"cmd":"press","role":"off"}"#, at: atMs(100)) == .success())
        #expect(!rig.lit)
        _ = rig.request(#"{"cmd":"release","role":"off"}"#, at: atMs(150))
        #expect(!rig.lit)
    }

    @Test func aReleaseWithNothingPressedChangesNothing() {
        var rig = TorchRig()
        #expect(rig.request(#"{"cmd":"release"}"#, at: atMs(10)) == .success())
        #expect(rig.effects.isEmpty)
    }

    @Test func aVirtualPressKeepsThePhysicalLineFromResynchronisingItAway() {
        var rig = TorchRig()
        _ = rig.request(#"{"cmd":"press"}"#, at: atMs(0))
        rig.run(until: atMs(500))
        // The physical line reads released: the virtual press still holds the button.
        rig.controller.handle(.lineSettled(.on, pressed: false, at: atMs(500)))
        rig.run(until: atMs(500))
        #expect(rig.lit && rig.torch.momentary)
    }

    @Test func badRolesAndKeysAreErrorsNamingThem() {
        var rig = TorchRig()
        #expect(rig.request(#"{"cmd":"press","role":"side"}"#, at: atMs(0))
            == .failure(#""role" "side" is not a button: expected "on" or "off""#))
        #expect(rig.request(#"{"cmd":"press","role":1}"#, at: atMs(0))
            == .failure(#""role" is a number: expected "on" or "off""#))
        #expect(rig.request(#"{"cmd":"release","level":1}"#, at: atMs(0))
            == .failure(#""release" does not take "level": it takes "role", "id", "deadline""#))
        #expect(rig.effects.isEmpty)
    }

    @Test func requestsRoundTripAsLines() {
        #expect(ControlRequest(.press(.off)).line == #"{"cmd":"press","role":"off"}"# + "\n")
        #expect(ControlRequest.parse(#"{"cmd":"release","role":"off"}"#) == .success(ControlRequest(.release(.off))))
        #expect(ControlRequest.parse(#"{"cmd":"press"}"#) == .success(ControlRequest(.press(.on))))
    }

    @Test func gesturesAsScriptsFollowTheTiming() {
        let t = GestureTiming(holdTime: .milliseconds(60), doubleTapWindow: .milliseconds(120))
        #expect(VirtualGesture.tap.steps(timing: t) == [.down, .wait(.milliseconds(30)), .up])
        #expect(VirtualGesture.double.steps(timing: .standard)
            == [.down, .wait(.milliseconds(50)), .up, .wait(.milliseconds(100)), .down, .wait(.milliseconds(50)), .up])
        #expect(VirtualGesture.hold(.seconds(3)).steps(timing: t) == [.down, .wait(.seconds(3)), .up])
        #expect(VirtualGesture.release.steps(timing: t) == [.up])
    }
}
