import Testing
import TorchCore
import TorchEngine
import TorchHardware

/// Issue 11's readout gesture (`7c` by default): the controller asks for the number,
/// a front end reads it and hands it in, the train plays once, then the light is as it
/// was; a press or a command cuts it short.
@Suite struct ReadoutGestureTests {
    static let at40 = TorchSettings(brightness: Brightness(clamping: 0.4))

    /// Seven clicks from dark (the last release at 650 ms); the sequence ends at 950 ms.
    func sevenClicks() -> TorchRig {
        var rig = TorchRig(Self.at40)
        for i: Int64 in 0..<7 { rig.click(atMs(i * 100), atMs(i * 100 + 50)) }
        rig.run(until: atMs(950))
        return rig
    }

    @Test func sevenClicksAskForTheNumberAndItBlinksOnceThenTheLightIsBack() {
        var rig = sevenClicks()
        #expect(rig.controller.wantsReadout)
        // The first click lit the torch (it never waits); the readout plays over it.
        #expect(rig.lit)
        let r = Readout(number: 23)
        rig.controller.handle(.reading(.readout(.success(ReadoutReading(r))), at: atMs(960)))
        rig.run(until: atMs(960))
        #expect(!rig.controller.wantsReadout)
        #expect(rig.program.timeline == r.once && nearly(rig.program.brightness, 0.4) && rig.program.startedAt == atMs(960))
        #expect(rig.effects.contains { if case let .log(_, l) = $0 { l == "readout 23" } else { false } })
        let end = atMs(960) + r.once.period
        rig.run(until: end - .milliseconds(1))
        #expect(rig.program.timeline == r.once)
        rig.run(until: end)
        #expect(rig.lit && rig.program.timeline.isSteady && rig.program.startedAt == end)
        #expect(rig.torch.readoutEnd == nil)
    }

    @Test func theTrainStartsDarkSoItsFirstBlinkShowsOverALitLight() {
        let once = Readout(number: 1).once
        #expect(once.steps.first == .hold(0, Readout.leadIn))
        #expect(once.steps.dropFirst().first == .hold(1, Readout.blinkOn))
    }

    @Test func aPressCutsTheReadoutShort() {
        var rig = sevenClicks()
        rig.controller.handle(.reading(.readout(.success(ReadoutReading(Readout(number: 9)))), at: atMs(1000)))
        rig.press(at: atMs(3000))
        #expect(rig.torch.readoutEnd == nil)
        #expect(rig.program.timeline.isSteady && rig.program.startedAt == atMs(3000))
    }

    /// A number that comes while the sunset timer's fade dims the light is not shown:
    /// the fade keeps the light (a command would end the readout, not bring the fade back).
    @Test func aNumberDuringTheFadeIsNotShown() {
        var s = Self.at40
        s.doubleTapAction = .sunsetTimer
        var rig = TorchRig(s)
        for i: Int64 in 0..<7 { rig.click(atMs(i * 100), atMs(i * 100 + 50)) }
        rig.run(until: atMs(950))
        #expect(rig.controller.wantsReadout)
        // A double tap: the sunset timer's one step, its fade from the release on.
        rig.click(atMs(1000), atMs(1050))
        rig.click(atMs(1150), atMs(1200))
        rig.run(until: atMs(1600))
        let fade = rig.program
        #expect(rig.torch.fadeEnd != nil && fade.timeline.endLevel == 0)
        rig.controller.handle(.reading(.readout(.success(ReadoutReading(Readout(number: 9)))), at: atMs(1700)))
        rig.run(until: atMs(1700))
        #expect(!rig.controller.wantsReadout && rig.torch.readoutEnd == nil)
        #expect(rig.program == fade)
        #expect(rig.effects.contains { if case let .log(_, l) = $0 { l == "readout 9 not shown: the fade owns the light" } else { false } })
    }

    @Test func aCommandCutsTheReadoutShort() {
        var rig = sevenClicks()
        rig.controller.handle(.reading(.readout(.success(ReadoutReading(Readout(number: 9)))), at: atMs(1000)))
        rig.command(.off, at: atMs(2000))
        #expect(rig.torch.readoutEnd == nil && !rig.lit && rig.programs.last?.isDark == true)
    }

    @Test func fromLitTheFirstClickTurnsItOffAndTheReadoutEndsDark() {
        var rig = TorchRig(Self.at40)
        rig.command(.on(nil), at: atMs(0))
        for i: Int64 in 0..<7 { rig.click(atMs(1000 + i * 100), atMs(1000 + i * 100 + 50)) }
        rig.run(until: atMs(1950))
        #expect(rig.controller.wantsReadout && !rig.lit)
        let r = Readout(number: 5)
        rig.controller.handle(.reading(.readout(.success(ReadoutReading(r))), at: atMs(1950)))
        rig.run(until: atMs(1950))
        #expect(rig.program.timeline == r.once)
        rig.run(until: atMs(1950) + r.once.period)
        #expect(!rig.lit && rig.programs.last?.isDark == true && rig.torch.readoutEnd == nil)
    }

    @Test func anUnreadableNumberIsOneLogLineAndNothingShows() {
        var rig = sevenClicks()
        let before = rig.program
        rig.controller.handle(.reading(.readout(.failure(HardwareError("/sys/class/thermal: no thermal_zone* here"))), at: atMs(960)))
        rig.run(until: atMs(1000))
        #expect(!rig.controller.wantsReadout && rig.program == before)
        #expect(rig.effects.contains(.log(.warning, "readout: /sys/class/thermal: no thermal_zone* here")))
    }

    @Test func theNumberIsAskedForOnceAndHandedBack() {
        var rig = TorchRig(Self.at40)
        func asks() -> Int { rig.effects.filter { $0 == .read(.readout) }.count }
        rig.run(until: atMs(10))
        #expect(asks() == 0)
        for i: Int64 in 0..<7 { rig.click(atMs(i * 100), atMs(i * 100 + 50)) }
        rig.run(until: atMs(950))
        #expect(asks() == 1, "asked once, in the turn the gesture was recognised")
        rig.controller.handle(.reading(.readout(.success(ReadoutReading(Readout(number: 42), note: "eth0 10.0.0.42: 42"))), at: atMs(950)))
        rig.run(until: atMs(950))
        #expect(rig.program.timeline == Readout(number: 42).once)
        #expect(rig.effects.contains(.log(.info, "readout: eth0 10.0.0.42: 42")))
        #expect(asks() == 1, "not asked again while it blinks")
        for i: Int64 in 0..<7 { rig.click(atMs(10_000 + i * 100), atMs(10_000 + i * 100 + 50)) }
        rig.run(until: atMs(11_000))
        #expect(asks() == 2, "a new gesture asks again")
        rig.controller.handle(.reading(.readout(.failure(HardwareError("getifaddrs: no address"))), at: atMs(11_000)))
        rig.run(until: atMs(11_000))
        #expect(!rig.controller.wantsReadout)
        #expect(rig.effects.contains { if case let .log(_, l) = $0 { l.hasPrefix("readout: getifaddrs: no address") } else { false } })
    }
}
