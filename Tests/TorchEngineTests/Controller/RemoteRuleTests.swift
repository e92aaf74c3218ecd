import Testing
import TorchCore
import TorchEngine

/// Flashing is the owner's choice, enforced in the controller: the web page and MQTT
/// start only the owner's patterns and nothing that flashes without `remote-flashing`;
/// the command line and the control socket keep full access.
@Suite struct RemoteRuleTests {
    func request(_ rig: inout TorchRig, _ line: String, from origin: CommandOrigin, at t: Instant) -> ControlReply {
        rig.run(until: t)
        guard case let .success(r) = ControlRequest.parse(line) else { return .failure("unparsable test request") }
        return rig.controller.handle(.request(r, from: origin, at: t))
    }

    @Test func theWebIsRefusedAnUnlistedStrobeAndTheLightIsUnchanged() {
        var rig = TorchRig(TorchSettings(patterns: [.steady]))
        let reply = request(&rig, #"{"cmd":"pattern","spec":"tactical-strobe rate=15Hz"}"#, from: .web, at: atMs(0))
        #expect(reply == .failure("pattern 'tactical-strobe rate=15Hz' is not one of the owner's [light] patterns; a remote front end chooses only those"))
        #expect(!rig.lit && rig.torch.pattern == .steady)
        #expect(rig.effects.allSatisfy { if case .save = $0 { false } else { true } })
    }

    @Test func mqttIsRefusedAListedFlashingPatternUnlessTheOwnerAllowsIt() {
        let strobe = Pattern.effect(.partyStrobe(rate: 24, flash: .milliseconds(1)))
        var settings = TorchSettings(patterns: [.steady, strobe])
        let rig = TorchRig(settings)
        let refusal = rig.controller.handle(.request(ControlRequest(.pattern(strobe)), from: .mqtt, at: atMs(0)))
        #expect(refusal.error == "pattern 'party-strobe' flashes more than 3 times a second; a remote front end starts it only with [light] remote-flashing = yes")
        #expect(!rig.lit)
        settings.remoteFlashing = true
        let allowed = TorchRig(settings)
        #expect(allowed.controller.handle(.request(ControlRequest(.pattern(strobe)), from: .mqtt, at: atMs(0))).ok)
        #expect(allowed.lit && allowed.torch.pattern == strobe)
    }

    @Test func theSocketAndTheCommandLineKeepFullAccess() {
        var rig = TorchRig(TorchSettings(patterns: [.steady]))
        #expect(request(&rig, #"{"cmd":"pattern","spec":"tactical-strobe rate=15Hz"}"#, from: .socket, at: atMs(0)) == .success())
        #expect(rig.lit && rig.torch.pattern == .effect(.tacticalStrobe(rate: 15)))
        // Remote brightness on the owner's strobe is not a start.
        #expect(request(&rig, #"{"cmd":"brightness","level":0.5}"#, from: .web, at: atMs(10)) == .success())
        // A remote off, then a remote on of the same strobe is one.
        #expect(request(&rig, #"{"cmd":"off"}"#, from: .web, at: atMs(20)) == .success())
        #expect(request(&rig, #"{"cmd":"on"}"#, from: .web, at: atMs(30)).ok == false)
        #expect(!rig.lit)
    }

    @Test func homeAssistantsFlashIsSlowUnlessTheOwnerAllowsFlashing() {
        var settings = TorchSettings(patterns: [.steady])
        let rig = TorchRig(settings)
        #expect(rig.controller.flashPattern(for: .mqtt) == .strobe(.medium))
        #expect(rig.controller.flashPattern(for: .socket) == .strobe(.fast))
        #expect(!rig.controller.handle(.request(ControlRequest(commands: [], flash: .seconds(2), flashPattern: .strobe(.fast)), from: .mqtt, at: atMs(0))).ok)
        settings.remoteFlashing = true
        #expect(TorchRig(settings).controller.flashPattern(for: .mqtt) == .strobe(.fast))
    }

    @Test func thePageIsOfferedTheOwnersPatternsAndTheFlashingOnesAmongThem() {
        let rig = TorchRig(TorchSettings(patterns: [.steady, .strobe(.fast), .sos]))
        #expect(rig.controller.remotePatternNames == ["steady", "strobe-fast", "sos"])
        #expect(rig.controller.flashingPatternNames == ["strobe-fast"])
    }
}
