import Testing
import TorchCore
import TorchEngine

/// A remote front end's virtual presses are judged like its commands: the page's double
/// tap cannot cycle onto a flashing pattern the owner listed but did not allow remotely,
/// while the same gesture by a finger, or through the control socket, still does.
@Suite struct RemoteGestureRuleTests {
    static let owners = TorchSettings(patterns: [.steady, .strobe(.fast)])

    /// Lights steady through the socket, then double-taps the ON button as `holder`
    /// (nil: the physical button) and lets the sequence end.
    func doubleTap(_ settings: TorchSettings = owners, by holder: VirtualHolder?) -> TorchRig {
        var rig = TorchRig(settings)
        rig.command(.on(nil), at: atMs(0))
        for start: Int64 in [1000, 1150] {
            if let holder {
                rig.virtualEdge(true, at: atMs(start), holder: holder)
                rig.virtualEdge(false, at: atMs(start + 60), holder: holder)
            } else {
                rig.click(atMs(start), atMs(start + 60))
            }
        }
        rig.run(until: atMs(3000))
        return rig
    }

    @Test func thePagesDoubleTapStaysOffTheFlashingPattern() {
        let rig = doubleTap(by: VirtualHolder(origin: .web))
        #expect(rig.lit)
        #expect(rig.torch.pattern == .steady)
    }

    @Test func mqttsDoubleTapIsJudgedAlike() {
        let rig = doubleTap(by: VirtualHolder(origin: .mqtt))
        #expect(rig.torch.pattern == .steady)
    }

    @Test func theOwnerAllowingRemoteFlashingLetsThePageCycleOntoIt() {
        var settings = Self.owners
        settings.remoteFlashing = true
        let rig = doubleTap(settings, by: VirtualHolder(origin: .web))
        #expect(rig.lit && rig.torch.pattern == .strobe(.fast))
    }

    @Test func aFingerAndTheSocketKeepTheOwnersReach() {
        #expect(doubleTap(by: nil).torch.pattern == .strobe(.fast))
        #expect(doubleTap(by: VirtualHolder(origin: .socket, client: 1)).torch.pattern == .strobe(.fast))
    }

    @Test func aPageTapStillTogglesASteadyLight() {
        var rig = TorchRig(Self.owners)
        let web = VirtualHolder(origin: .web)
        rig.virtualEdge(true, at: atMs(0), holder: web)
        rig.virtualEdge(false, at: atMs(60), holder: web)
        rig.run(until: atMs(2000))
        #expect(rig.lit && rig.torch.pattern == .steady)
    }

    @Test func aPageTapDoesNotLightAFlashingPatternTheSocketChose() {
        var rig = TorchRig(Self.owners)
        rig.command(.pattern(.strobe(.fast)), at: atMs(0))
        rig.command(.off, at: atMs(100))
        let web = VirtualHolder(origin: .web)
        rig.virtualEdge(true, at: atMs(1000), holder: web)
        rig.virtualEdge(false, at: atMs(1060), holder: web)
        rig.run(until: atMs(3000))
        #expect(!rig.lit)
        // A finger's tap afterwards is the owner's: it lights the strobe.
        rig.click(atMs(4000), atMs(4060))
        rig.run(until: atMs(6000))
        #expect(rig.lit && rig.torch.currentPattern == .strobe(.fast))
    }
}
