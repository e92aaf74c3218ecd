import Testing
import TorchCore
import TorchEngine

/// Only the owner's choices are remembered: a flash and a virtual press in progress are
/// never saved, so the state file always holds what the owner last chose.
@Suite struct TemporaryStateTests {
    /// Home Assistant's strobe-fast flash is allowed.
    static var flashing: TorchSettings {
        var s = TorchSettings()
        s.remoteFlashing = true
        return s
    }

    func saves(_ rig: TorchRig) -> [PersistentState] {
        rig.effects.compactMap { if case let .save(s) = $0 { s } else { nil } }
    }

    @Test func aFlashIsShownButNeverSavedAndTheLightComesBack() {
        var rig = TorchRig(Self.flashing)
        rig.command(.on(Brightness(clamping: 0.4)), at: atMs(0))
        let chosen = rig.torch.persistentState
        rig.effects.removeAll()
        rig.controller.handle(.request(ControlRequest(commands: [], flash: .seconds(3600), flashPattern: .strobe(.fast)), from: .mqtt, at: atMs(100)))
        rig.run(until: atMs(200))
        #expect(rig.programs.last?.timeline == Pattern.strobe(.fast).timeline())
        #expect(saves(rig).isEmpty)
        // What a crash now would restart in: the owner's steady 40 %.
        #expect(rig.torch.persistentState == chosen)
        rig.run(until: atMs(100) + .seconds(3600))
        #expect(rig.programs.last?.timeline == Pattern.steady.timeline())
        #expect(rig.lit && rig.torch.pattern == .steady && nearly(rig.torch.brightness, 0.4))
        #expect(saves(rig).isEmpty)
    }

    @Test func aFlashFromDarkEndsDarkAndAnyCommandCutsItShort() {
        var rig = TorchRig(Self.flashing)
        rig.controller.handle(.request(ControlRequest(commands: [], flash: .seconds(10), flashPattern: .strobe(.fast)), from: .mqtt, at: atMs(0)))
        rig.run(until: atMs(10))
        #expect(!rig.lit && rig.programs.last?.isDark == false)
        rig.command(.brightness(Brightness(clamping: 0.5)), at: atMs(500))
        #expect(rig.programs.last?.isDark == true)
        #expect(saves(rig).map(\.pattern) == [.steady])
        #expect(saves(rig).map(\.lit) == [false])
    }

    @Test func aVirtualHoldIsSavedOnlyAtItsRelease() {
        var rig = TorchRig(TorchSettings(longHoldAction: .sos))
        _ = rig.controller.handle(.request(ControlRequest(.press(.on)), from: .web, client: 0, at: atMs(0)))
        // Held past the long hold from dark (the page's keep-alives every 250 ms): SOS,
        // latched lit while still held.
        for t in stride(from: Int64(250), through: 3000, by: 250) {
            rig.run(until: atMs(t))
            rig.controller.handle(.renewVirtualPress(VirtualHolder(origin: .web), at: atMs(t)))
        }
        #expect(rig.lit && rig.torch.sosActive)
        #expect(saves(rig).isEmpty)
        _ = rig.controller.handle(.request(ControlRequest(.release(.on)), from: .web, client: 0, at: atMs(3100)))
        rig.run(until: atMs(3100))
        #expect(saves(rig).map(\.lit) == [true])
    }
}
