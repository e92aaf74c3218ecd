import Testing
import TorchCore
import TorchEngine

/// `max-brightness` is a cap with one meaning everywhere: a level above it lights at it,
/// one below it as it is (`min(level, max)`, the seed's clamp), whether it comes from the
/// command line or socket, the web slider, MQTT, the ceiling action or the button ramp.
@Suite struct MaxBrightnessTests {
    static func capped() -> TorchSettings {
        var s = TorchSettings()
        s.maxBrightness = Brightness(clamping: 0.6)
        return s
    }

    func shown(_ rig: TorchRig) -> Double? { rig.handed?.lightness }

    @Test func aLevelBelowTheCapIsAsItIs() {
        var rig = TorchRig(Self.capped())
        rig.command(.on(Brightness(clamping: 0.5)), at: atMs(0), from: .cli)
        #expect(shown(rig) == 0.5, "not dimmer than without the cap")
        #expect(rig.controller.status(at: atMs(0)).brightness == Brightness(clamping: 0.5))
    }

    @Test(arguments: [CommandOrigin.cli, .socket, .web, .mqtt])
    func aLevelAboveTheCapLightsAtTheCapAndSaysSo(_ origin: CommandOrigin) {
        var rig = TorchRig(Self.capped())
        rig.command(.on(Brightness(clamping: 0.8)), at: atMs(0), from: origin)
        #expect(shown(rig) == 0.6)
        #expect(rig.controller.status(at: atMs(0)).brightness == Brightness(clamping: 0.6), "status shows what lights")
        rig.command(.brightness(.full), at: atMs(100), from: origin)
        #expect(shown(rig) == 0.6)
        let logs = rig.effects.compactMap { if case let .log(_, line) = $0 { line } else { nil } }
        #expect(logs.contains("brightness 80% capped at max-brightness 60%"), "\(logs)")
    }

    @Test func theWebSlidersRequestIsCapped() {
        var rig = TorchRig(Self.capped())
        _ = rig.request(#"{"cmd":"on"}"#, at: atMs(0))
        _ = rig.request(#"{"cmd":"brightness","brightness":"90%"}"#, at: atMs(100))
        #expect(shown(rig) == 0.6)
    }

    @Test func theRampAndTheCeilingStopAtTheCap() {
        var rig = TorchRig(Self.capped())
        rig.command(.on(Brightness(clamping: 0.3)), at: atMs(0))
        // Held while lit: the ramp goes up (the full range in 2 s) and stops at the cap.
        rig.press(at: atMs(100))
        rig.release(at: atMs(3100))
        rig.run(until: atMs(4000))
        #expect(rig.torch.brightness == Brightness(clamping: 0.6))
        #expect(shown(rig) == 0.6)
        // 3 clicks: the ceiling (turbo), under the cap.
        for i in 0..<3 { rig.click(atMs(5000 + Int64(i) * 150), atMs(5050 + Int64(i) * 150)) }
        rig.run(until: atMs(7000))
        #expect(rig.lit)
        #expect(shown(rig) == 0.6)
    }

    @Test func aSavedLevelAboveTheCapStartsAtTheCap() {
        let saved = PersistentState(brightness: .full, pattern: .steady, buttonMode: .smart, lit: true)
        let rig = TorchRig(Self.capped(), restoring: saved)
        #expect(rig.handed?.lightness == 0.6)
    }

    /// Issue 36: the cap caps what is lit and never rewrites the saved brightness.
    @Test func aCapAddedThenRemovedByReloadsLeavesTheOwnersLevel() {
        var next = ReloadedConfig(settings: TorchSettings(), mapping: OutputMapping(curve: .linear), library: .standard)
        let saved = PersistentState(brightness: Brightness(clamping: 0.4), pattern: .steady, buttonMode: .smart, lit: true)
        var rig = TorchRig(restoring: saved, reload: { .success(next) })
        #expect(shown(rig) == 0.4)
        next.settings.maxBrightness = Brightness(clamping: 0.3)
        let capped = rig.reload(at: atMs(1000))
        #expect(capped)
        #expect(shown(rig) == 0.3, "the cap applies at once to what is lit")
        #expect(rig.controller.status(at: atMs(1000)).brightness == Brightness(clamping: 0.3), "status shows what lights")
        #expect(rig.torch.persistentState.brightness == Brightness(clamping: 0.4), "the level kept is the owner's")
        next.settings.maxBrightness = .full
        let uncapped = rig.reload(at: atMs(2000))
        #expect(uncapped)
        #expect(shown(rig) == 0.4, "the cap removed: the owner's 40 % again")
        let saves = rig.effects.compactMap { if case let .save(state) = $0 { state.brightness } else { nil } }
        #expect(!saves.contains(Brightness(clamping: 0.3)), "no save ever wrote the cap: \(saves)")
    }

    @Test func aSavedLevelAboveTheCapIsKeptWhileItLightsAtTheCap() {
        let saved = PersistentState(brightness: Brightness(clamping: 0.9), pattern: .steady, buttonMode: .smart, lit: true)
        let rig = TorchRig(Self.capped(), restoring: saved)
        #expect(rig.handed?.lightness == 0.6)
        #expect(rig.torch.persistentState.brightness == Brightness(clamping: 0.9))
    }

    @Test func aRampFromALevelKeptAboveTheCapStartsAtTheCap() {
        let saved = PersistentState(brightness: Brightness(clamping: 0.9), pattern: .steady, buttonMode: .smart, lit: true)
        var rig = TorchRig(Self.capped(), restoring: saved)
        // Held while lit at the cap: the only way is down, from what is seen.
        rig.press(at: atMs(100))
        rig.run(until: atMs(600))
        let seen = shown(rig) ?? 0
        #expect(seen < 0.6 && seen > 0.3, "moving down from 60 % at once: \(seen)")
        rig.release(at: atMs(600))
        #expect(rig.torch.persistentState.brightness < Brightness(clamping: 0.6), "the ramp's level is the new choice")
    }
}
