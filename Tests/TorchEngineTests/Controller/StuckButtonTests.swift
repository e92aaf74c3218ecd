import Testing
import TorchCore
import TorchEngine

/// Issue 36: a stuck or shorted button does not pin the light. A press held past
/// `[button] stuck-after` is logged once, taken as released, and shown in the status
/// until the line reads released.
@Suite struct StuckButtonTests {
    static func settings(_ mode: ButtonMode = .smart) -> TorchSettings {
        TorchSettings(buttonMode: mode, gestureTiming: GestureTiming(stuckAfter: .seconds(60)))
    }

    func logs(_ rig: TorchRig) -> [String] {
        rig.effects.compactMap { if case let .log(_, line) = $0 { line } else { nil } }
    }

    @Test func aHoldForLightHeldPastStuckAfterGoesDarkAndIsSaidOnce() {
        var rig = TorchRig(Self.settings(.momentary))
        rig.press(at: atMs(1000))
        #expect(rig.lit, "lit while held")
        rig.run(until: atMs(60_999))
        #expect(rig.lit && !rig.controller.status(at: atMs(60_999)).buttonStuck)
        rig.run(until: atMs(600_000))
        #expect(!rig.lit, "taken as released: the light it held went dark")
        #expect(rig.controller.status(at: atMs(600_000)).buttonStuck, "shown until the line reads released")
        let stuck = logs(rig).filter { $0.contains("stuck") }
        #expect(stuck == ["button (on): held for 1min: taken as released (a stuck or shorted button?); a button again once its line reads released"],
                "once: \(stuck)")
        rig.release(at: atMs(700_000))
        #expect(!rig.controller.status(at: atMs(700_000)).buttonStuck)
        #expect(logs(rig).last == "button (on): its line reads released: a button again")
        #expect(!rig.lit, "the line's release is no gesture")
    }

    @Test func aStuckLongHoldsSOSStaysAsAfterAnyLongHoldAndCommandsStillWork() {
        var rig = TorchRig(Self.settings())
        rig.press(at: atMs(0))
        rig.run(until: atMs(61_000))
        #expect(rig.controller.status(at: atMs(61_000)).buttonStuck)
        #expect(rig.lit && rig.torch.sosActive, "the long hold's SOS, latched as by a hand")
        rig.command(.off, at: atMs(62_000))
        #expect(!rig.lit, "an off from a front end turns it off")
        rig.run(until: atMs(3_600_000))
        #expect(!rig.lit, "and nothing the held line does lights it again")
        #expect(rig.controller.status(at: atMs(3_600_000)).buttonStuck)
    }

    @Test func theStatusChangeReachesTheFrontEnds() {
        var rig = TorchRig(Self.settings())
        rig.press(at: atMs(0))
        rig.run(until: atMs(61_000))
        let changes = rig.effects.compactMap { if case let .statusChanged(s) = $0 { s.buttonStuck } else { nil } }
        #expect(changes.last == true, "\(changes)")
        rig.release(at: atMs(62_000))
        let after = rig.effects.compactMap { if case let .statusChanged(s) = $0 { s.buttonStuck } else { nil } }
        #expect(after.last == false)
    }

    @Test func aReloadKeepsAStuckButtonStuck() {
        var next = ReloadedConfig(settings: Self.settings(), mapping: OutputMapping(curve: .linear), library: .standard)
        next.settings.gestureTiming.debounce = .milliseconds(20)
        var rig = TorchRig(Self.settings(), reload: { .success(next) })
        rig.press(at: atMs(0))
        rig.run(until: atMs(61_000))
        let reloaded = rig.reload(at: atMs(62_000))
        #expect(reloaded)
        #expect(rig.controller.status(at: atMs(62_000)).buttonStuck, "still stuck: the line is still down")
        #expect(logs(rig).filter { $0.hasSuffix("its line reads released: a button again") }.isEmpty)
    }
}
