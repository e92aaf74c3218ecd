import Testing
import TorchCore
import TorchEngine

/// The whole service's behaviour in process: the controller driven through button
/// edges, control requests, timers, reloads and stops on explicit instants, asserting
/// the programs played, the state saved, the status LEDs and the feedback.
@Suite struct ControllerScenarioTests {
    static let sleepy = TorchSettings(sleepTimer: .seconds(60), sleepFade: .seconds(3))

    func saves(_ rig: TorchRig) -> [PersistentState] {
        rig.effects.compactMap { if case let .save(s) = $0 { s } else { nil } }
    }

    func logs(_ rig: TorchRig) -> [String] {
        rig.effects.compactMap { if case let .log(_, line) = $0 { line } else { nil } }
    }

    @Test func aTapThenASocketOffSavesEachAndPlaysEach() {
        var rig = TorchRig()
        rig.click(atMs(0), atMs(100))
        #expect(rig.programs.count == 1 && !rig.programs[0].isDark)
        #expect(saves(rig).last?.lit == true)
        #expect(rig.request(#"{"cmd":"off"}"#, at: atMs(500)) == .success())
        #expect(rig.programs.count == 2 && rig.programs[1].isDark && rig.programs[1].startedAt == atMs(500))
        #expect(saves(rig).last?.lit == false)
        #expect(rig.controller.lastCommandOrigin == .socket)
    }

    @Test func statusRepliesCarryTheStateAndUptime() {
        var rig = TorchRig(at: atMs(1000))
        _ = rig.request(#"{"cmd":"on","brightness":"40%"}"#, at: atMs(2000))
        let reply = rig.request(#"{"cmd":"status"}"#, at: atMs(3500))
        #expect(reply.ok)
        #expect(reply["lit"] == .bool(true))
        #expect(reply == .status(StatusReport(rig.controller.status(at: atMs(3500)), backend: .sim, uptime: .milliseconds(2500))))
    }

    @Test func badRequestsChangeNothing() {
        var rig = TorchRig()
        let reply = rig.request(#"{"cmd":"pattern","name":"nonesuch"}"#, at: atMs(10))
        #expect(!reply.ok)
        #expect(rig.effects.isEmpty)
        #expect(!rig.lit)
    }

    @Test func stealthDarkensAndRestoresTheStatusLEDs() {
        var rig = TorchRig()
        _ = rig.request(#"{"cmd":"stealth","on":true}"#, at: atMs(10))
        _ = rig.request(#"{"cmd":"stealth","on":true}"#, at: atMs(20))
        _ = rig.request(#"{"cmd":"stealth","on":false}"#, at: atMs(30))
        let changes = rig.effects.compactMap { if case let .statusLEDs(c) = $0 { c } else { nil } }
        #expect(changes == [.dark, .restore])
        #expect(logs(rig) == ["stealth on", "stealth off"])
    }

    @Test func stealthWithNoStatusLEDsSaysSoInsteadOfSuccess() {
        var rig = TorchRig(hasStatusLEDs: false)
        let reply = rig.request(#"{"cmd":"stealth","on":true}"#, at: atMs(10))
        #expect(reply.ok, "the state changes (the web page's black screen)")
        #expect(reply["warning"]?.stringValue?.contains("no status LEDs were found") == true, "\(reply.line)")
        #expect(rig.controller.status(at: atMs(10)).stealth)
        #expect(!rig.effects.contains { if case .statusLEDs = $0 { true } else { false } })
        #expect(logs(rig).first?.contains("no status LEDs were found") == true, "\(logs(rig))")
        #expect(rig.request(#"{"cmd":"stealth","on":false}"#, at: atMs(20)) == .success())
    }

    /// Issue 36: a failed `torch stealth on` is not saved.
    @Test func stealthWithNoStatusLEDsIsNotSaved() {
        var rig = TorchRig(hasStatusLEDs: false)
        _ = rig.request(#"{"cmd":"on"}"#, at: atMs(5))
        _ = rig.request(#"{"cmd":"stealth","on":true}"#, at: atMs(10))
        _ = rig.request(#"{"cmd":"brightness","level":"30%"}"#, at: atMs(20))
        let saves = rig.effects.compactMap { if case let .save(s) = $0 { s } else { nil } }
        #expect(!saves.isEmpty && saves.allSatisfy { !$0.stealth }, "\(saves)")
        #expect(saves.last?.brightness == Brightness(clamping: 0.3), "the rest is saved as ever")
    }

    @Test func gesturesPulseTheFeedbackLineOnePulseEach() {
        var rig = TorchRig()
        rig.click(atMs(0), atMs(100))
        rig.click(atMs(200), atMs(300))
        let pulses = rig.effects.compactMap { if case let .gesture(k, _) = $0, k.pulsesFeedback { k } else { nil } }
        #expect(pulses == [.tap, .doubleTap])
        #expect(rig.controller.lastGesture == .doubleTap)
    }

    /// The end of a hold and the end of a click sequence reach the front ends (Home
    /// Assistant's `button_long_release` and `button_clicks_ended` triggers) without a
    /// pulse of their own, and the terminal keeps showing the gesture the user felt.
    @Test func theEndsOfGesturesAreToldWithoutAPulse() {
        var rig = TorchRig()
        rig.click(atMs(0), atMs(1500))
        rig.click(atMs(3000), atMs(3100))
        rig.click(atMs(3200), atMs(3300))
        rig.run(until: atMs(5000))
        let told = rig.effects.compactMap { e -> String? in
            guard case let .gesture(k, n) = e else { return nil }
            return "\(k)\(n.map { " \($0)" } ?? "")\(k.pulsesFeedback ? " pulse" : "")"
        }
        #expect(told == ["hold-start pulse", "hold-end", "tap pulse", "double-tap pulse", "clicks-ended 2"])
        #expect(rig.controller.lastGesture == .doubleTap)
    }

    /// A click's place in its sequence travels with its gesture (Home Assistant's
    /// triple to quintuple press triggers are told apart by it).
    @Test func aClicksCountTravelsWithItsPulse() {
        var rig = TorchRig()
        for i in Int64(0)..<4 { rig.click(atMs(i * 200), atMs(i * 200 + 100)) }
        let pulses = rig.effects.compactMap { if case let .gesture(k, n) = $0, k.pulsesFeedback { "\(k)\(n.map { " \($0)" } ?? "")" } else { nil } }
        #expect(pulses == ["tap", "double-tap", "click 3", "click 4"])
    }

    @Test func theOffButtonStopsALightStartedFromTheSocket() {
        var rig = TorchRig()
        _ = rig.request(#"{"cmd":"pattern","name":"sos"}"#, at: atMs(0))
        #expect(rig.lit)
        rig.offPress(at: atMs(1000))
        #expect(!rig.lit)
        #expect(rig.programs.last?.isDark == true)
        #expect(saves(rig).last?.lit == false)
    }

    @Test func aReloadThatChangesNothingLeavesThePatternAndSleepTimerRunning() {
        let settings = Self.sleepy
        var rig = TorchRig(settings, reload: {
            .success(ReloadedConfig(settings: settings, mapping: OutputMapping(curve: .linear), library: .standard))
        })
        _ = rig.request(#"{"cmd":"pattern","name":"blink"}"#, at: atMs(0))
        let deadline = rig.torch.sleepDeadline
        let played = rig.programs.count
        // A client reloading every 30 s must not keep the sleep-timed light on.
        let reloaded1 = rig.reload(at: atMs(30_000))
        #expect(reloaded1)
        let reloaded2 = rig.reload(at: atMs(59_000))
        #expect(reloaded2)
        #expect(rig.programs.count == played)
        #expect(rig.torch.sleepDeadline == deadline)
        #expect(logs(rig).filter { $0 == "config reloaded (no change)" }.count == 2)
        rig.run(until: atMs(60_000))
        #expect(rig.torch.fadeEnd == atMs(63_000))
    }

    @Test func aReloadWithANewSleepTimerRestartsOnlyThatTimer() {
        var new = Self.sleepy
        new.sleepTimer = .seconds(10)
        var rig = TorchRig(Self.sleepy, reload: {
            .success(ReloadedConfig(settings: new, mapping: OutputMapping(curve: .linear), library: .standard))
        })
        _ = rig.request(#"{"cmd":"pattern","name":"blink"}"#, at: atMs(0))
        let started = rig.program.startedAt
        let reloaded3 = rig.reload(at: atMs(5_000))
        #expect(reloaded3)
        #expect(rig.torch.sleepDeadline == atMs(15_000))
        #expect(rig.program.startedAt == started, "the pattern keeps its phase")
        #expect(logs(rig).last == "config reloaded")
    }

    @Test func aReloadWithANewMappingReplaysTheSameProgramFromItsStart() {
        var rig = TorchRig(reload: {
            .success(ReloadedConfig(settings: TorchSettings(), mapping: OutputMapping(curve: .linear, maxBrightness: 0.5),
                                    library: .standard))
        })
        _ = rig.request(#"{"cmd":"pattern","name":"blink"}"#, at: atMs(0))
        let reloaded4 = rig.reload(at: atMs(700))
        #expect(reloaded4)
        let last = rig.programs.last
        #expect(last?.mapping.maxBrightness == 0.5)
        #expect(last?.startedAt == atMs(0))
    }

    @Test func aBrokenReloadKeepsTheRunningConfigAndLogsEachLine() {
        var rig = TorchRig(reload: { .failure(ReloadError(["torch.conf:3: bad", "torch.conf:9: worse"])) })
        rig.click(atMs(0), atMs(100))
        let reply = rig.request(#"{"cmd":"reload"}"#, at: atMs(200))
        #expect(!reply.ok)
        #expect(logs(rig) == ["torch.conf:3: bad", "torch.conf:9: worse", "reload refused: keeping the running config"])
        #expect(rig.lit)
    }

    @Test func aStopIsNotAUsersOff() {
        var rig = TorchRig()
        rig.click(atMs(0), atMs(100))
        let savedBefore = saves(rig).count
        rig.stop(at: atMs(500))
        #expect(rig.controller.isStopped)
        #expect(rig.effects.last == .notice(.stopping))
        #expect(saves(rig).count == savedBefore, "the remembered state stays as the user left it")
        rig.click(atMs(600), atMs(700))
        _ = rig.request(#"{"cmd":"off"}"#, at: atMs(800))
        #expect(rig.effects.last == .notice(.stopping), "nothing acts after the stop")
        #expect(rig.controller.nextDeadline == nil)
    }

    @Test func runForTurnsTheLightOffAndStops() {
        var rig = TorchRig(runFor: .seconds(2))
        _ = rig.request(#"{"cmd":"on"}"#, at: atMs(100))
        rig.run(until: atMs(2000))
        #expect(rig.controller.isStopped)
        #expect(rig.programs.last?.isDark == true)
        #expect(rig.programs.last?.startedAt == atMs(2000))
        #expect(saves(rig).last?.lit == false)
        #expect(rig.effects.last == .notice(.stopping))
    }

    @Test func aPatternChangeIsAcknowledgedByTheLightThenPlayed() {
        var rig = TorchRig(TorchSettings(patterns: [.steady, .strobe(.fast)]), blinkOnPatternChange: true)
        _ = rig.request(#"{"cmd":"on"}"#, at: atMs(0))
        _ = rig.request(#"{"cmd":"next-pattern"}"#, at: atMs(1000))
        // Strobe repeats forever: the acknowledgement plays now, the strobe after it.
        #expect(rig.programs.count == 2)
        #expect(rig.programs[1].timeline == FeedbackBlink.acknowledgement(before: Pattern.strobe(.fast).timeline()))
        #expect(rig.programs[1].startedAt == atMs(1000))
        #expect(rig.controller.nextDeadline == atMs(1150))
        rig.run(until: atMs(1149))
        #expect(rig.programs.count == 2)
        rig.run(until: atMs(1150))
        #expect(rig.programs.count == 3)
        #expect(rig.programs[2].timeline == Pattern.strobe(.fast).timeline())
        #expect(rig.programs[2].startedAt == atMs(1150))
    }

    @Test func lostEdgesAreReportedAndResynchronised() {
        var rig = TorchRig()
        rig.press(at: atMs(0))
        rig.lost(pressed: false, at: atMs(700))
        #expect(logs(rig).contains("button: 1 edge event(s) lost; resynchronised with the line"))
        #expect(!rig.lit)
    }

    @Test func statusChangesAreToldOncePerChange() {
        var rig = TorchRig()
        _ = rig.request(#"{"cmd":"on"}"#, at: atMs(0))
        _ = rig.request(#"{"cmd":"on"}"#, at: atMs(10))
        _ = rig.request(#"{"cmd":"status"}"#, at: atMs(20))
        _ = rig.request(#"{"cmd":"brightness","level":"40%"}"#, at: atMs(30))
        let told = rig.effects.compactMap { if case let .statusChanged(s) = $0 { s } else { nil } }
        #expect(told.map(\.lit) == [true, true])
        #expect(told.last?.brightness == Brightness(clamping: 0.4))
    }
}

/// Readiness and the watchdog, from the scheduler's counters.
@Suite struct ControllerHealthTests {
    func notices(_ c: TorchController) -> [ServiceNotice] {
        c.takeEffects().compactMap { if case let .notice(n) = $0 { n } else { nil } }
    }

    @Test func readyOnlyAfterTheFirstConfirmedWrite() {
        let c = TorchController(settings: ControllerSettings(torch: TorchSettings(lightByDefault: true),
                                                             mapping: OutputMapping(curve: .linear)), at: .zero)
        c.handle(.start(at: .zero))
        #expect(c.nextDeadline == .zero, "the start's effects are waiting")
        _ = c.takeEffects()
        #expect(c.nextDeadline == atMs(1), "looks again soon until the write is confirmed")
        c.handle(.advance(to: atMs(1), output: OutputHealth(writes: 0)))
        #expect(notices(c).isEmpty)
        c.handle(.advance(to: atMs(2), output: OutputHealth(writes: 1)))
        #expect(notices(c) == [.ready(status: "lit")])
        #expect(c.nextDeadline == nil)
    }

    @Test func theWatchdogIsFedOnlyWhileWritesDoNotFail() {
        var s = ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .linear))
        s.watchdogInterval = .seconds(10)
        let c = TorchController(settings: s, at: .zero)
        c.handle(.start(at: .zero))
        c.handle(.advance(to: atMs(5), output: OutputHealth(writes: 1)))
        _ = c.takeEffects()
        #expect(c.nextDeadline == atMs(10_000))
        c.handle(.advance(to: atMs(10_000), output: OutputHealth(writes: 5)))
        #expect(notices(c) == [.watchdog])
        c.handle(.advance(to: atMs(20_000), output: OutputHealth(writes: 9, failures: 3, lastErrno: 5)))
        let effects = c.takeEffects()
        // The burst's own report (begun and ended between two looks) comes first.
        #expect(effects == [.log(.error, "output: write failed (errno 5); light dark, retrying every 100 ms"),
                            .log(.notice, "output: writes succeed again; pattern resumed"),
                            .log(.error, "output writes failing (errno 5); watchdog not fed")])
        c.handle(.advance(to: atMs(30_000), output: OutputHealth(writes: 12, failures: 3, lastErrno: 5)))
        #expect(notices(c) == [.watchdog], "healthy again once the failures stop growing")
    }

    /// The real-time thread resting for its CPU budget: one warning when a stretch of
    /// rests starts, however many follow, and one notice 10 s after the last.
    @Test func budgetRestsAreOneWarningAndOneNoticePerStretch() {
        let c = startedController()
        let logs = { c.takeEffects().compactMap { if case let .log(p, line) = $0 { "\(p): \(line)" } else { nil } } }
        c.handle(.advance(to: atMs(100), output: OutputHealth(writes: 50, rests: 3)))
        #expect(logs() == ["warning: real-time thread: the program took over half of a CPU, so it now rests half the "
                           + "time (dark on a software-PWM line) to keep the service answering; a lower [output] "
                           + "soft-pwm-frequency avoids this"])
        c.handle(.advance(to: atMs(5_000), output: OutputHealth(writes: 900, rests: 700)))
        c.handle(.advance(to: atMs(9_000), output: OutputHealth(writes: 1_000, rests: 800)))
        c.handle(.advance(to: atMs(18_999), output: OutputHealth(writes: 1_000, rests: 800)))
        #expect(logs().isEmpty, "one line for the whole stretch")
        c.handle(.advance(to: atMs(19_000), output: OutputHealth(writes: 1_000, rests: 800)))
        #expect(logs() == ["notice: real-time thread: within its CPU budget again after 18.9s"])
        c.handle(.advance(to: atMs(30_000), output: OutputHealth(writes: 1_100, rests: 801)))
        #expect(logs().count == 1, "a new stretch, a new warning")
    }
}

/// A chip that merges a bounce train can report its last edge's direction wrongly: once
/// the edges settle, the line's level read by the front end corrects the recognizer.
@Suite struct ControllerLineSettledTests {
    @Test func aSwallowedPressIsRecoveredFromTheLineLevel() {
        var rig = TorchRig(TorchSettings(buttonMode: .toggle, gestureTiming: GestureTiming(debounce: .milliseconds(50))))
        // The train's edges came out as release, press, release: the press lands inside
        // the window after a release that matched the accepted level, and the last edge
        // says released, though the button is down.
        rig.edge(false, at: atMs(0))
        rig.edge(true, at: atMs(2))
        rig.edge(false, at: atMs(4))
        rig.run(until: atMs(60))
        #expect(!rig.lit)
        #expect(rig.controller.edgesSettled(.on))
        rig.controller.handle(.lineSettled(.on, pressed: true, at: atMs(60)))
        rig.run(until: atMs(61))
        #expect(rig.lit, "the press toggled the light once the level was read")
        #expect(rig.effects.contains(.log(.warning, "button (on): the line reads pressed once its edges settled; resynchronised")))
        // A level that agrees changes nothing.
        let before = rig.effects.count
        rig.controller.handle(.lineSettled(.on, pressed: true, at: atMs(70)))
        rig.run(until: atMs(71))
        #expect(rig.effects.count == before)
    }

    @Test func noLevelIsTakenWhileADebounceWindowIsOpen() {
        var rig = TorchRig(TorchSettings(buttonMode: .toggle, gestureTiming: GestureTiming(debounce: .milliseconds(50))))
        rig.edge(true, at: atMs(0))
        #expect(rig.lit)
        #expect(!rig.controller.edgesSettled(.on))
        rig.controller.handle(.lineSettled(.on, pressed: false, at: atMs(10)))
        #expect(rig.lit, "ignored: the window decides")
    }
}
