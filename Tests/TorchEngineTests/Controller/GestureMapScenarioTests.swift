import Testing
import TorchCore
import TorchEngine

/// Issue 11's gestures and actions through the controller on a manual clock: N clicks,
/// N clicks + hold, the gap rule, bounce inside clicks, and every action of the map.
@Suite struct GestureMapScenarioTests {
    func pulses(_ rig: TorchRig) -> [GestureKind] {
        rig.effects.compactMap { if case let .gesture(k, _) = $0, k.pulsesFeedback { k } else { nil } }
    }

    func logs(_ rig: TorchRig) -> [String] {
        rig.effects.compactMap { if case let .log(_, l) = $0 { l } else { nil } }
    }

    /// `n` clean clicks of 50 ms, 100 ms apart, from `start` (ms).
    func clicks(_ rig: inout TorchRig, _ n: Int, from start: Int64) {
        for i in 0..<Int64(n) { rig.click(atMs(start + i * 100), atMs(start + i * 100 + 50)) }
    }

    static let at40 = TorchSettings(brightness: Brightness(clamping: 0.4))

    @Test func theFirstPressLightsAtOnceWhateverIsMapped() {
        var rig = TorchRig()
        rig.press(at: atMs(1000))
        #expect(rig.lit && rig.programs.last?.startedAt == atMs(1000) && rig.programs.last?.isDark == false)
    }

    @Test func threeClicksGoToTheCeilingWhenTheGapHasPassed() {
        var rig = TorchRig(Self.at40)
        clicks(&rig, 3, from: 0)
        // The first click acted at once; the third waits for the gap (4c… are mapped).
        #expect(rig.lit && nearly(rig.torch.brightness, 0.4))
        rig.run(until: atMs(549))
        #expect(nearly(rig.torch.brightness, 0.4))
        rig.run(until: atMs(550))
        #expect(rig.lit && rig.torch.brightness == .full && !rig.torch.momentary)
        #expect(pulses(rig) == [.tap, .doubleTap, .click])
    }

    @Test func aGapOfExactlyTheWindowStartsANewSequence() {
        var rig = TorchRig()
        rig.click(atMs(0), atMs(50))
        rig.click(atMs(350), atMs(400))
        // Two taps: on, then off (a double tap would have left it lit).
        #expect(pulses(rig) == [.tap, .tap])
        #expect(!rig.lit)
        var near = TorchRig()
        near.click(atMs(0), atMs(50))
        near.click(atMs(349), atMs(400))
        #expect(pulses(near) == [.tap, .doubleTap])
    }

    @Test func bounceInsideClicksCountsOnce() {
        var rig = TorchRig(Self.at40)
        for i: Int64 in 0..<3 {
            let s = i * 120
            // Each contact bounces on both edges (within the 10 ms debounce).
            rig.edge(true, at: atMs(s)); rig.edge(false, at: atMs(s + 2)); rig.edge(true, at: atMs(s + 4))
            rig.edge(false, at: atMs(s + 50)); rig.edge(true, at: atMs(s + 53)); rig.edge(false, at: atMs(s + 55))
        }
        rig.run(until: atMs(2000))
        #expect(pulses(rig) == [.tap, .doubleTap, .click])
        #expect(rig.torch.brightness == .full)
    }

    @Test func aTwoClickActionIsAtOnceWhenNothingLongerIsMapped() {
        var s = TorchSettings(patterns: [.steady, .strobe(.fast)])
        s.gestures = GestureMap([.clickHold(1): .ramp])
        var rig = TorchRig(s)
        clicks(&rig, 2, from: 0)
        #expect(rig.torch.pattern == .strobe(.fast) && rig.lit && !rig.torch.momentary)
    }

    @Test func fourClicksLockAndTheSameGestureUnlocks() {
        var rig = TorchRig(Self.at40)
        clicks(&rig, 4, from: 0)
        rig.run(until: atMs(650))
        #expect(rig.torch.locked && !rig.lit)
        #expect(logs(rig).contains("lockout on"))
        // The status shows it (torch status, its JSON, the terminal's line), and says it changed.
        let locked = rig.controller.status(at: atMs(650))
        #expect(locked.lockedOut)
        #expect(StatusReport(locked, backend: .sim, uptime: nil).members.contains(JSONMember("lockout", .bool(true))))
        #expect(rig.effects.contains(.statusChanged(locked)))
        // Locked: a press lights the floor, steady, only while held.
        rig.press(at: atMs(2000))
        #expect(rig.lit && rig.program.brightness == Brightness(clamping: 0.01) && rig.program.timeline == Pattern.steady.timeline())
        rig.run(until: atMs(3000))
        rig.release(at: atMs(3000))
        #expect(!rig.lit && rig.torch.locked)
        // A tap, a double tap, three clicks: nothing but the glow.
        clicks(&rig, 3, from: 5000)
        rig.run(until: atMs(6000))
        #expect(!rig.lit && rig.torch.locked)
        clicks(&rig, 4, from: 7000)
        rig.run(until: atMs(7649))
        #expect(rig.torch.locked)
        rig.run(until: atMs(7650))
        #expect(!rig.torch.locked && rig.lit && nearly(rig.program.brightness, 0.4))
        #expect(logs(rig).contains("lockout off"))
        #expect(!rig.controller.status(at: atMs(7650)).lockedOut)
    }

    @Test func autoLockLocksAfterTheConfiguredTimeDark() {
        var s = TorchSettings()
        s.autoLock = .seconds(10)
        var rig = TorchRig(s)
        rig.click(atMs(0), atMs(50))
        rig.click(atMs(1000), atMs(1050))
        #expect(!rig.lit)
        rig.run(until: atMs(11_049))
        #expect(!rig.torch.locked)
        rig.run(until: atMs(11_050))
        #expect(rig.torch.locked)
        #expect(logs(rig).contains("lockout on (auto-lock)"))
    }

    @Test func fiveClicksEnterMomentaryModeAndFiveMoreLeaveIt() {
        var rig = TorchRig()
        clicks(&rig, 5, from: 0)
        rig.run(until: atMs(1000))
        #expect(rig.torch.momentaryModeOn && !rig.lit)
        rig.press(at: atMs(2000))
        #expect(rig.lit)
        rig.run(until: atMs(5000))
        rig.release(at: atMs(5000))
        #expect(!rig.lit)
        clicks(&rig, 5, from: 6000)
        rig.run(until: atMs(7000))
        #expect(!rig.torch.momentaryModeOn && !rig.lit)
    }

    @Test func sixClicksGoToTheFloor() {
        var rig = TorchRig()
        clicks(&rig, 6, from: 0)
        rig.run(until: atMs(1000))
        #expect(rig.lit && rig.torch.brightness == Brightness(clamping: 0.01))
    }

    @Test func twoClicksThenAHoldSetTheSunsetTimerOneStepPerBlink() {
        var rig = TorchRig()
        clicks(&rig, 2, from: 0)
        rig.press(at: atMs(200))
        rig.run(until: atMs(599))
        #expect(!rig.effects.contains { if case .log(_, let l) = $0 { l.hasPrefix("sunset") } else { false } })
        rig.run(until: atMs(600))
        #expect(pulses(rig).suffix(2) == [.holdStart, .clickHold])
        #expect(rig.lit && rig.program.timeline.steps.first?.level == 0, "an acknowledgement blink")
        // Held 2.1 s more: blinks at 1.6 s and 2.6 s: three steps of 5 min.
        rig.run(until: atMs(2700))
        rig.release(at: atMs(2700))
        #expect(logs(rig).contains("sunset timer 15min"))
        #expect(rig.lit && rig.torch.fadeEnd == atMs(2700) + .seconds(900))
        #expect(rig.program.timeline.steps.last == .ramp(to: 0, .seconds(900)))
        rig.run(until: atMs(2700) + .seconds(900))
        #expect(!rig.lit && rig.programs.last?.isDark == true)
    }

    @Test func manualMemoryLightsAtTheSavedLevel() {
        var s = TorchSettings(brightness: Brightness(clamping: 0.8))
        s.memory = .manual
        s.memoryLevel = Brightness(clamping: 0.3)
        var rig = TorchRig(s)
        rig.click(atMs(0), atMs(50))
        #expect(rig.lit && nearly(rig.program.brightness, 0.3))
        rig.command(.brightness(Brightness(clamping: 0.7)), at: atMs(1000))
        clicks(&rig, 10, from: 2000)
        rig.run(until: atMs(4000))
        #expect(logs(rig).contains("memory 70% saved") && nearly(rig.torch.manualLevel, 0.7))
    }

    @Test func hybridMemoryUsesTheManualLevelOnlyAfterLongEnoughDark() {
        var s = TorchSettings(brightness: Brightness(clamping: 0.8))
        s.memory = .hybrid
        s.memoryLevel = Brightness(clamping: 0.3)
        s.hybridAfter = .seconds(60)
        var rig = TorchRig(s)
        // Dark since the start (0): 10 s is too soon.
        rig.click(atMs(10_000), atMs(10_050))
        #expect(nearly(rig.program.brightness, 0.8))
        rig.click(atMs(11_000), atMs(11_050))
        #expect(!rig.lit)
        rig.click(atMs(71_050), atMs(71_100))
        #expect(nearly(rig.program.brightness, 0.3))
    }

    @Test func theSimpleUICapsTheLevelAndKeepsFewGestures() {
        var s = TorchSettings()
        s.simpleUI = true
        var rig = TorchRig(s)
        rig.click(atMs(0), atMs(50))
        #expect(rig.lit && nearly(rig.program.brightness, 0.5))
        rig.click(atMs(1000), atMs(1050))
        // 3c (ceiling) does nothing in the Simple UI: the first click's toggle stands.
        clicks(&rig, 3, from: 2000)
        rig.run(until: atMs(3000))
        #expect(rig.lit && nearly(rig.program.brightness, 0.5))
        // 10h leaves it.
        rig.click(atMs(4000), atMs(4050))
        clicks(&rig, 9, from: 5000)
        rig.press(at: atMs(5900))
        rig.run(until: atMs(6300))
        rig.release(at: atMs(6400))
        #expect(!rig.torch.simpleUI)
        #expect(logs(rig).contains("simple UI off"))
    }

    @Test func longPressModeTogglesAtTheHoldTimeAndPulsesAtTouchDown() {
        var rig = TorchRig(TorchSettings(buttonMode: .longPress))
        rig.click(atMs(0), atMs(300))
        #expect(!rig.lit)
        #expect(pulses(rig) == [.press])
        rig.press(at: atMs(1000))
        rig.run(until: atMs(1399))
        #expect(!rig.lit)
        rig.run(until: atMs(1400))
        #expect(rig.lit, "toggled at the hold time, not at release")
        rig.release(at: atMs(3000))
        #expect(rig.lit)
        rig.press(at: atMs(4000))
        rig.run(until: atMs(4400))
        #expect(!rig.lit)
        #expect(pulses(rig) == [.press, .press, .press])
    }

    @Test func aSequenceDueBeforeACommandActsFirstEvenWhenInputIsServedFirst() {
        var rig = TorchRig(Self.at40)
        clicks(&rig, 3, from: 0)
        // The shell serves this request before running the turn's timers (550 ms was due).
        rig.controller.handle(.request(ControlRequest(.brightness(Brightness(clamping: 0.2))), from: .socket, at: atMs(700)))
        #expect(rig.lit && nearly(rig.torch.brightness, 0.2), "the ceiling came at 550 ms, then the command")
    }

    @Test func aVirtualThreeClickIsThreeClicks() {
        var rig = TorchRig(Self.at40)
        for i: Int64 in 0..<3 {
            _ = rig.request(#"{"cmd":"press"}"#, at: atMs(i * 100))
            _ = rig.request(#"{"cmd":"release"}"#, at: atMs(i * 100 + 50))
        }
        rig.run(until: atMs(1000))
        #expect(rig.torch.brightness == .full)
    }
}

/// Toggle mode with the VM's bounce trains (5 flips per edge, debounce 50 ms): each tap
/// toggles once, whatever the click counting around it.
@Suite struct ToggleModeBounceTests {
    @Test func eachBouncyTapTogglesOnce() {
        var rig = TorchRig(TorchSettings(buttonMode: .toggle, gestureTiming: GestureTiming(debounce: .milliseconds(50))))
        func tap(_ ms: Int64) {
            for (i, p) in [true, false, true, false, true].enumerated() { rig.edge(p, at: Instant(nanoseconds: ms * 1_000_000 + Int64(i) * 200_000)) }
            for (i, p) in [false, true, false, true, false].enumerated() { rig.edge(p, at: Instant(nanoseconds: (ms + 100) * 1_000_000 + Int64(i) * 200_000)) }
        }
        tap(0)
        rig.run(until: atMs(400))
        #expect(rig.lit)
        tap(800)
        rig.run(until: atMs(1300))
        #expect(!rig.lit)
        tap(1400)
        rig.run(until: atMs(1600))
        #expect(rig.lit)
    }
}
