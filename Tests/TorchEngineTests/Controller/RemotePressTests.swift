import Testing
import TorchCore
import TorchEngine

/// Every remote press is a dead man's switch: released a bounded time after its press or
/// last keep-alive, with or without a page id; a remote press never overwrites the
/// physical button's state.
@Suite struct RemotePressTests {
    let web = VirtualHolder(origin: .web)

    @Test func aRemotePressWithoutKeepAlivesIsReleasedAfterTheLease() {
        var rig = TorchRig()
        #expect(rig.controller.handle(.request(ControlRequest(.press(.on)), from: .web, at: atMs(0))) == .success())
        rig.run(until: atMs(999))
        #expect(rig.lit && rig.controller.isVirtuallyPressed(.on))
        rig.run(until: atMs(1000))
        #expect(!rig.controller.isVirtuallyPressed(.on))
        // Held past the hold time from dark: hold for light, so dark at the release.
        #expect(!rig.lit)
        let logs = rig.effects.compactMap { if case let .log(_, l) = $0 { l } else { nil } }
        #expect(logs.contains("button: virtual press of web client 0 released: no keep-alive within 1s"))
    }

    @Test func keepAlivesKeepItHeldUntilTheyStop() {
        var rig = TorchRig()
        _ = rig.controller.handle(.request(ControlRequest(.press(.on)), from: .web, at: atMs(0)))
        for t in stride(from: Int64(250), through: 3000, by: 250) {
            rig.run(until: atMs(t))
            #expect(rig.controller.handle(.renewVirtualPress(web, at: atMs(t))).ok)
        }
        rig.run(until: atMs(3999))
        #expect(rig.controller.isVirtuallyPressed(.on))
        rig.run(until: atMs(4000))
        #expect(!rig.controller.isVirtuallyPressed(.on))
        #expect(!rig.controller.handle(.renewVirtualPress(web, at: atMs(4100))).ok)
    }

    @Test func theSocketsPressIsTheOwnersAndHasNoLease() {
        var rig = TorchRig()
        _ = rig.controller.handle(.request(ControlRequest(.press(.on)), from: .socket, client: 1, at: atMs(0)))
        rig.run(until: atMs(60_000))
        #expect(rig.controller.isVirtuallyPressed(.on) && rig.lit)
    }

    @Test func aRemotePressNeverOverwritesThePhysicalButton() {
        var rig = TorchRig()
        rig.press(at: atMs(0))                       // the owner's finger, from dark
        rig.run(until: atMs(100))
        #expect(rig.lit && rig.torch.momentary)
        _ = rig.controller.handle(.request(ControlRequest(.press(.on)), from: .web, at: atMs(200)))
        _ = rig.controller.handle(.request(ControlRequest(.release(.on)), from: .web, at: atMs(250)))
        rig.run(until: atMs(1500))
        // Still held by the finger: no tap, no release from the page.
        #expect(rig.lit && rig.torch.momentary)
        #expect(rig.controller.edgesSettled(.on))
        rig.release(at: atMs(1600))
        #expect(!rig.lit)
    }

    @Test func theFingerLiftedDuringARemoteHoldReleasesWithIt() {
        var rig = TorchRig()
        _ = rig.controller.handle(.request(ControlRequest(.press(.on)), from: .web, at: atMs(0)))
        rig.press(at: atMs(100))
        rig.release(at: atMs(200))
        #expect(rig.lit)                             // the page still holds it
        rig.run(until: atMs(1000))                   // its lease runs out
        #expect(!rig.lit && !rig.controller.isVirtuallyPressed(.on))
    }
}
