import Testing
import TorchCore
import TorchEngine
import TorchHardware

/// The state machine's pairs that are not folded into one value, and the moves that
/// need them apart: each pins a state where both members mean something at once.
@Suite struct KeptApartTests {
    /// The readout gesture waits for its number (`wantsReadout`) while a flash plays
    /// (`readoutEnd`): the flash goes on, and an unreadable number leaves it playing.
    @Test func aFlashPlaysOnWhileTheReadoutGestureWaitsForItsNumber() {
        var rig = TorchRig()
        for i: Int64 in 0..<7 { rig.click(atMs(i * 100), atMs(i * 100 + 50)) }
        #expect(rig.controller.handle(.request(ControlRequest(commands: [], flash: .seconds(2), flashPattern: .strobe(.fast)), from: .socket, at: atMs(700))).ok)
        rig.run(until: atMs(950))
        #expect(rig.torch.wantsReadout && rig.torch.readoutEnd == atMs(2700))
        #expect(rig.program.timeline == Pattern.strobe(.fast).timeline())
        rig.controller.handle(.reading(.readout(.failure(HardwareError("no number"))), at: atMs(960)))
        rig.run(until: atMs(960))
        #expect(!rig.torch.wantsReadout && rig.torch.readoutEnd == atMs(2700))
        rig.run(until: atMs(2700))
        #expect(rig.torch.readoutEnd == nil && rig.lit && rig.program.timeline.isSteady)
    }

    /// A command while the readout gesture waits ends what plays over the light, not
    /// the wait: the number still blinks when it comes.
    @Test func aCommandLeavesTheReadoutWaitingForItsNumber() {
        var rig = TorchRig()
        for i: Int64 in 0..<7 { rig.click(atMs(i * 100), atMs(i * 100 + 50)) }
        rig.run(until: atMs(950))
        rig.command(.off, at: atMs(1000))
        #expect(rig.torch.wantsReadout && !rig.lit)
        let r = Readout(number: 3)
        rig.controller.handle(.reading(.readout(.success(ReadoutReading(r))), at: atMs(1100)))
        rig.run(until: atMs(1100))
        #expect(rig.program.timeline == r.once && rig.torch.readoutEnd == atMs(1100) + r.once.period)
    }

    /// The sleep timer runs out while the button is held and its fade starts; the hold
    /// then ramps, and each ramp step restarts the timer: `sleepDeadline` and `fadeEnd`
    /// both set. The fade still owns the light and its end puts it out.
    @Test func aHoldAcrossTheSleepTimersEndRestartsItDuringTheFade() {
        var rig = TorchRig(TorchSettings(sleepTimer: .seconds(60)))
        rig.click(atMs(0), atMs(100))
        rig.press(at: atMs(59_900))
        rig.run(until: atMs(60_100))
        #expect(rig.torch.fadeEnd == atMs(63_100) && rig.torch.sleepDeadline == nil)
        let fade = rig.program
        rig.run(until: atMs(60_320))
        #expect(rig.torch.fadeEnd == atMs(63_100) && rig.torch.sleepDeadline == atMs(120_320))
        #expect(rig.program == fade && rig.torch.statusSummary(at: atMs(60_320)).fading)
        rig.run(until: atMs(63_100))
        #expect(rig.torch.fadeEnd == nil && rig.torch.sleepDeadline == nil && !rig.lit)
        rig.release(at: atMs(63_200))
        #expect(!rig.lit)
    }
}
