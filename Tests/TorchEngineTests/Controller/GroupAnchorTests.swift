import Testing
import TorchCore
import TorchEngine

/// An MQTT group command's pattern start: the program handed to the scheduler starts at
/// the agreed instant, not when the command arrived; one scheduler change per command.
@Suite struct GroupAnchorTests {
    /// SOS is one of the owner's patterns (a remote front end chooses only those).
    static let settings = TorchSettings(patterns: [.steady, .sos])

    @Test func aGroupPatternStartsAtTheAgreedInstant() throws {
        var rig = TorchRig(Self.settings)
        let sos = try PatternLibrary.standard.lookup("sos")
        // Arrives at 1 s, starts at 1.2 s (the default "at": now + 200 ms).
        rig.controller.handle(.request(ControlRequest(commands: [.pattern(sos)], patternStart: atMs(1200)), from: .mqtt, at: atMs(1000)))
        rig.effects += rig.controller.takeEffects()
        #expect(rig.programs.count == 1)
        #expect(rig.programs.last?.startedAt == atMs(1200))
        #expect(rig.lit && rig.controller.lastCommandOrigin == .mqtt)
        // A board that got it late (at 1.5 s) joins the same phase.
        var late = TorchRig(Self.settings)
        late.controller.handle(.request(ControlRequest(commands: [.pattern(sos)], patternStart: atMs(1200)), from: .mqtt, at: atMs(1500)))
        late.effects += late.controller.takeEffects()
        #expect(late.programs.last?.startedAt == atMs(1200))
        #expect(late.programs.last?.timeline == rig.programs.last?.timeline)
    }

    @Test func darkIsNotAnchoredAndCommandsSettleOnce() throws {
        var rig = TorchRig()
        rig.controller.handle(.request(ControlRequest(commands: [.off], patternStart: atMs(5000)), from: .mqtt, at: atMs(100)))
        rig.effects += rig.controller.takeEffects()
        #expect(rig.programs.allSatisfy { $0.startedAt <= atMs(100) })
        let half = Brightness(clamping: 0.5)
        rig.controller.handle(.request(ControlRequest(commands: [.brightness(half), .on(nil)]), from: .mqtt, at: atMs(200)))
        let effects = rig.controller.takeEffects()
        #expect(effects.filter { if case .statusChanged = $0 { true } else { false } }.count == 1)
        #expect(rig.controller.machine.brightness == half && rig.controller.machine.lit)
    }
}
