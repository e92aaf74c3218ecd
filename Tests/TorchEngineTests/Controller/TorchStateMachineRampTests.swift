import Testing
import TorchCore
import TorchEngine

@Suite struct TorchStateMachineRampTests {
    @Test func holdingWhileLitRampsOverTicksAndEachHoldReverses() {
        var rig = TorchRig(TorchSettings(brightness: Brightness(clamping: 0.5)))
        rig.click(atMs(0), atMs(100))
        let before = rig.torch.programGeneration
        rig.press(at: atMs(1000))
        rig.run(until: atMs(1400))
        #expect(rig.torch.nextDeadline == atMs(1420), "ramp ticks every 20 ms from the hold start")
        rig.run(until: atMs(1900))
        // The first hold ramps up: 0.99 per 2 s, so +0.2475 after 500 ms.
        #expect(nearly(rig.torch.brightness, 0.5 + 0.2475))
        // 25 ticks, each a new program generation keeping the timeline's phase.
        #expect(rig.torch.programGeneration - before == 25)
        #expect(rig.program.startedAt == atMs(0))
        rig.release(at: atMs(1910))
        #expect(nearly(rig.torch.brightness, 0.5 + 0.99 * 0.51 / 2))
        #expect(rig.torch.nextDeadline == nil)
        #expect(rig.lit)

        // The next hold goes down.
        let top = rig.torch.brightness.fraction
        rig.press(at: atMs(3000))
        rig.run(until: atMs(3600))
        #expect(nearly(rig.torch.brightness, top - 0.99 * 0.2 / 2))
        rig.release(at: atMs(3600))
        #expect(rig.torch.brightness.fraction < top)
    }

    @Test func theRampStopsAtTheBoundsAndTheNextGoesTheOtherWay() {
        var rig = TorchRig()
        rig.click(atMs(0), atMs(100))
        // At 100 % the first ramp can only go down; 2 s takes it to the 1 % floor.
        rig.press(at: atMs(1000))
        rig.run(until: atMs(3399))
        #expect(rig.torch.brightness.fraction > Brightness.minimum)
        rig.run(until: atMs(3500))
        #expect(rig.torch.brightness.fraction == Brightness.minimum)
        #expect(rig.torch.nextDeadline == nil, "no ticks at the bound")
        #expect(rig.lit)
        rig.release(at: atMs(5000))
        #expect(rig.torch.brightness.fraction == Brightness.minimum)
        rig.press(at: atMs(6000))
        rig.run(until: atMs(6500))
        #expect(nearly(rig.torch.brightness, 0.01 + 0.99 * 0.1 / 2))
    }

    @Test func theStateIsSavedOnceWhenTheRampEnds() {
        var rig = TorchRig()
        rig.click(atMs(0), atMs(100))
        rig.effects.removeAll()
        rig.press(at: atMs(1000))
        rig.run(until: atMs(2000))
        #expect(!rig.events.contains(.stateChanged))
        rig.release(at: atMs(2000))
        #expect(rig.events.filter { $0 == .stateChanged }.count == 1)
        #expect(rig.events.contains(.gestureRecognized(.holdStart)))
    }

    @Test func rampTimeIsConfigurable() {
        var rig = TorchRig(TorchSettings(brightness: Brightness(clamping: 0.01), rampTime: .seconds(1)))
        rig.click(atMs(0), atMs(100))
        rig.press(at: atMs(1000))
        rig.run(until: atMs(2300))
        #expect(rig.torch.brightness < .full)
        rig.run(until: atMs(2500))
        #expect(rig.torch.brightness == .full)
    }
}
