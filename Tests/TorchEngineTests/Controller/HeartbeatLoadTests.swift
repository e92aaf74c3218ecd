import Testing
import TorchCore
import TorchEngine
import TorchHardware

/// Issue 11, the heartbeat effect: its period follows the load average handed in by the
/// service; a new load takes effect at the end of the playing cycle (the kernel trigger
/// computes the period at each cycle's start), never cutting a beat, and is not a
/// pattern change (no acknowledgement blink).
@Suite struct HeartbeatLoadTests {
    @Test func newLoadStartsAtTheCycleEnd() {
        var rig = TorchRig(blinkOnPatternChange: true)
        rig.command(.pattern(.effect(.heartbeat)), at: atMs(0))
        // The acknowledgement of the pattern change plays first; the heartbeat follows it.
        rig.run(until: atMs(1000))
        let start = rig.program.startedAt
        #expect(rig.program.timeline == Heartbeat.timeline(loadAverage: 0))
        let before = rig.programs.count
        // Load 1 at 3.1 s: the 1260 ms cycle playing ends at start + 3 × 1260 ms.
        rig.controller.handle(.reading(.loadAverage(.success(1)), at: atMs(3100)))
        rig.run(until: atMs(3100))
        #expect(rig.programs.count == before, "nothing changes mid-cycle")
        let boundary = start + .milliseconds(3 * 1260)
        #expect(rig.controller.nextDeadline == boundary)
        rig.run(until: boundary - .nanoseconds(1))
        #expect(rig.programs.count == before)
        rig.run(until: boundary)
        #expect(rig.programs.count == before + 1, "one new program, no acknowledgement")
        let p = rig.programs.last
        #expect(p?.startedAt == boundary)
        #expect(p?.timeline == Heartbeat.timeline(loadAverage: 1))
        #expect(p?.timeline.period == .milliseconds(860))
        #expect(rig.torch.loadAverage == 1)
        #expect(rig.controller.nextDeadline == nil || rig.controller.nextDeadline! > boundary)
    }

    /// A load that comes during a level transition waits for it: the transition plays
    /// to its end, and the heartbeat's first cycle there takes the new period.
    @Test func aLoadDuringATransitionWaitsForItsEnd() {
        var s = TorchSettings()
        s.transition = .seconds(1)
        var rig = TorchRig(s)
        rig.command(.pattern(.effect(.heartbeat)), at: atMs(0))
        let fade = rig.program
        #expect(rig.torch.transitionEnd == atMs(1000))
        rig.controller.handle(.reading(.loadAverage(.success(1)), at: atMs(500)))
        rig.run(until: atMs(999))
        #expect(rig.program == fade, "the transition plays on")
        rig.run(until: atMs(1000))
        #expect(rig.torch.transitionEnd == nil)
        #expect(rig.program.timeline == Heartbeat.timeline(loadAverage: 1) && rig.program.startedAt == atMs(1000))
        #expect(rig.handed?.timeline == Heartbeat.timeline(loadAverage: 1))
    }

    /// A load that comes during a flash waits for it too: the flash plays to its end,
    /// and the heartbeat's first cycle after it takes the new period.
    @Test func aLoadDuringAFlashWaitsForItsEnd() {
        var rig = TorchRig()
        rig.command(.pattern(.effect(.heartbeat)), at: atMs(0))
        // A flash whose cycle (1 s) ends before the flash does.
        let blink = Pattern.blink(on: .milliseconds(300), off: .milliseconds(700))
        rig.controller.handle(.request(ControlRequest(commands: [], flash: .seconds(2), flashPattern: blink), from: .socket, at: atMs(100)))
        let flash = rig.program
        #expect(rig.torch.readoutEnd == atMs(2100) && flash.timeline == blink.timeline())
        rig.controller.handle(.reading(.loadAverage(.success(1)), at: atMs(500)))
        rig.run(until: atMs(2099))
        #expect(rig.program == flash, "the flash plays on")
        rig.run(until: atMs(2100))
        #expect(rig.torch.readoutEnd == nil)
        #expect(rig.program.timeline == Heartbeat.timeline(loadAverage: 1) && rig.program.startedAt == atMs(2100))
        #expect(rig.handed?.timeline == Heartbeat.timeline(loadAverage: 1))
    }

    @Test func aLoadGivingTheSamePeriodChangesNothing() {
        var rig = TorchRig()
        rig.controller.handle(.reading(.loadAverage(.success(2)), at: atMs(0)))
        rig.command(.pattern(.effect(.heartbeat)), at: atMs(0))
        #expect(rig.program.timeline.period == .milliseconds(695))
        let before = rig.programs.count
        // 300 + 6720 / 17.0005 = 695.28…: the same whole milliseconds as load 2.
        rig.controller.handle(.reading(.loadAverage(.success(2.0001)), at: atMs(500)))
        rig.run(until: atMs(10_000))
        #expect(rig.programs.count == before)
    }

    @Test func loadWhileAnotherPatternPlaysIsUsedWhenTheHeartbeatStarts() {
        var rig = TorchRig()
        rig.command(.pattern(.strobe(.fast)), at: atMs(0))
        rig.controller.handle(.reading(.loadAverage(.success(5)), at: atMs(100)))
        rig.run(until: atMs(200))
        #expect(rig.programs.last?.timeline == Pattern.strobe(.fast).timeline(), "the strobe is left alone")
        rig.command(.pattern(.effect(.heartbeat)), at: atMs(300))
        #expect(rig.programs.last?.timeline.period == .milliseconds(510))
        #expect(rig.programs.last?.startedAt == atMs(300))
    }

    @Test func darkIgnoresTheLoadAndBrightnessKeepsThePhase() {
        var rig = TorchRig()
        rig.command(.pattern(.effect(.heartbeat)), at: atMs(0))
        rig.command(.brightness(Brightness(clamping: 0.5)), at: atMs(700))
        #expect(rig.program.startedAt == atMs(0), "a brightness change keeps the beat's phase")
        rig.command(.off, at: atMs(800))
        #expect(!rig.controller.followsLoadAverage)
        let before = rig.programs.count
        rig.controller.handle(.reading(.loadAverage(.success(3)), at: atMs(900)))
        rig.run(until: atMs(5000))
        #expect(rig.programs.count == before)
    }

    /// The controller asks for the load only while the heartbeat plays, at once when it
    /// starts, then every 5 s; a failing read is logged once and the rate stays.
    @Test func theLoadIsAskedForWhileTheHeartbeatPlays() {
        func asks(_ rig: TorchRig) -> Int { rig.effects.filter { $0 == .read(.loadAverage) }.count }
        var rig = TorchRig()
        rig.run(until: atMs(1000))
        #expect(asks(rig) == 0, "no heartbeat, no read")
        rig.command(.pattern(.effect(.heartbeat)), at: atMs(1010))
        #expect(asks(rig) == 1, "asked at once when it starts")
        rig.controller.handle(.reading(.loadAverage(.success(2)), at: atMs(1010)))
        rig.run(until: atMs(6009))
        #expect(asks(rig) == 1)
        #expect(rig.programs.last?.timeline.period == .milliseconds(300 + 6720 / 17), "load 2 from the next cycle")
        rig.run(until: atMs(6010))
        #expect(asks(rig) == 2, "again 5 s later")
        let failure = HardwareError("/proc/loadavg: cannot open: No such file or directory")
        rig.controller.handle(.reading(.loadAverage(.failure(failure)), at: atMs(6010)))
        rig.run(until: atMs(11_010))
        rig.controller.handle(.reading(.loadAverage(.failure(failure)), at: atMs(11_010)))
        rig.run(until: atMs(11_020))
        let warnings = rig.effects.filter { if case let .log(.warning, line) = $0 { line.hasPrefix("heartbeat: ") } else { false } }
        #expect(warnings.count == 1, "logged once: \(warnings)")
        #expect(rig.torch.loadAverage == 2, "the last rate stays")
        rig.controller.handle(.reading(.loadAverage(.success(1)), at: atMs(11_020)))
        rig.run(until: atMs(11_030))
        #expect(rig.effects.contains(.log(.info, "heartbeat: the load average reads again (1)")))
        rig.command(.off, at: atMs(12_000))
        let before = asks(rig)
        rig.run(until: atMs(60_000))
        #expect(asks(rig) == before, "dark: nothing asked")
        #expect(rig.controller.nextDeadline == nil)
    }
}

/// Effects in the config's pattern cycle: `[light] patterns` names reach the state
/// machine, and next-pattern (a double tap, `next-pattern`) steps into and through them.
@Suite struct EffectCycleTests {
    @Test func configCycleStepsThroughEffects() throws {
        let config = try TorchConfig.parse("[light]\npatterns = steady, candle, heartbeat, party-strobe\npattern = candle\n",
                                           file: "torch.conf", frontEnds: [])
        let library = try PatternLibrary(config: config)
        let settings = try TorchSettings(config: config, library: library)
        var rig = TorchRig(settings, library: library)
        rig.command(.on(nil), at: atMs(0))
        #expect(rig.torch.pattern == .effect(.candle(seed: 0)))
        #expect(rig.programs.last?.timeline == Effect.candle(seed: 0).timeline())
        rig.command(.nextPattern, at: atMs(100))
        #expect(rig.torch.pattern == .effect(.heartbeat))
        #expect(rig.controller.followsLoadAverage)
        let reply = rig.request(#"{"cmd":"next-pattern"}"#, at: atMs(200))
        #expect(reply.ok)
        #expect(rig.programs.last?.timeline == Effect.partyStrobe(rate: 24, flash: .milliseconds(1)).timeline())
        #expect(!rig.controller.followsLoadAverage)
        let named = rig.request(#"{"cmd":"pattern","name":"lightning"}"#, at: atMs(300))
        #expect(named.ok)
        #expect(rig.torch.pattern == .effect(.lightning(seed: 0)))
        let spec = rig.request(#"{"cmd":"pattern","spec":"candle seed=9"}"#, at: atMs(400))
        #expect(spec.ok)
        #expect(rig.torch.pattern == .effect(.candle(seed: 9)))
        let bad = rig.request(#"{"cmd":"pattern","spec":"candle seed=nine"}"#, at: atMs(500))
        #expect(!bad.ok)
        #expect(rig.torch.pattern == .effect(.candle(seed: 9)), "a refused spec changes nothing")
    }
}
