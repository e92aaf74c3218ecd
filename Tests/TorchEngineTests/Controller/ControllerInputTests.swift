import Testing
import TorchCore
import TorchEngine
import TorchHardware
import TorchTesting

/// `ControllerInput` and `TorchController.handle(_:)`, the one way in: every case
/// reaches the state machine (or the controller's own state) at the instant it carries,
/// read from a manual clock, and answers as the control protocol would.
@Suite struct ControllerInputTests {
    /// A controller started dark at the clock's instant, its first write confirmed and
    /// the start's effects taken.
    static func started(_ clock: ManualClock, initialCommands: [ControlCommand] = []) -> TorchController {
        var settings = ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .linear))
        settings.initialCommands = initialCommands
        let c = TorchController(settings: settings, at: clock.now())
        c.handle(.start(at: clock.now()))
        c.handle(.advance(to: clock.now(), output: OutputHealth(writes: 1)))
        _ = c.takeEffects()
        return c
    }

    @Test func startLightsAsTheCommandLineAsks() {
        let clock = ManualClock(atMs(5))
        var settings = ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .linear))
        settings.initialCommands = [.on(nil)]
        let c = TorchController(settings: settings, at: .zero)
        #expect(!c.machine.lit)
        #expect(c.handle(.start(at: clock.now())).ok)
        #expect(c.machine.lit && c.origin == atMs(5) && c.lastCommandOrigin == .cli)
        #expect(c.takeEffects().contains { if case .play = $0 { true } else { false } })
    }

    @Test func aPhysicalEdgeReachesTheRecognizer() {
        let clock = ManualClock()
        let c = Self.started(clock)
        clock.advance(by: .milliseconds(100))
        c.handle(.edge(ButtonEdge(role: .on, pressed: true, at: clock.now())))
        #expect(c.machine.lit && c.machine.momentary, "a press from dark lights while held")
        #expect(c.takeEffects().contains { if case let .play(p) = $0 { p.startedAt == atMs(100) } else { false } })
    }

    @Test func lostEdgesResynchroniseWithTheLine() {
        let clock = ManualClock()
        let c = Self.started(clock)
        clock.advance(by: .milliseconds(100))
        c.handle(.edgesLost(.on, count: 2, pressedNow: true, at: clock.now()))
        #expect(c.machine.lit && c.now == atMs(100))
        #expect(c.takeEffects().contains(.log(.warning, "button: 2 edge event(s) lost; resynchronised with the line")))
    }

    @Test func aSettledLineThatDisagreesResynchronises() {
        let clock = ManualClock()
        let c = Self.started(clock)
        clock.advance(by: .milliseconds(100))
        #expect(c.edgesSettled(.on))
        c.handle(.lineSettled(.on, pressed: true, at: clock.now()))
        #expect(c.machine.lit)
        #expect(c.takeEffects().contains(
            .log(.warning, "button (on): the line reads pressed once its edges settled; resynchronised")))
    }

    @Test func aCommandIsCarriedOutWithItsOrigin() {
        let clock = ManualClock()
        let c = Self.started(clock)
        clock.advance(by: .milliseconds(100))
        #expect(c.handle(.request(ControlRequest(.on(nil)), from: .socket, at: clock.now())) == .success())
        #expect(c.machine.lit && c.lastCommandOrigin == .socket && c.now == atMs(100))
    }

    @Test func aRemoteCommandTheOwnerDoesNotAllowIsRefusedInTheReply() throws {
        let clock = ManualClock()
        let c = Self.started(clock)
        let strobe = try PatternLibrary.standard.lookup("party-strobe")
        let reply = c.handle(.request(ControlRequest(.pattern(strobe)), from: .mqtt, at: clock.now()))
        #expect(reply == .failure("pattern 'party-strobe' is not one of the owner's [light] patterns; "
                                  + "a remote front end chooses only those"))
        #expect(!c.machine.lit)
    }

    @Test func severalCommandsAreOneChangeAnchoredAtTheirStart() {
        let clock = ManualClock()
        let c = Self.started(clock)
        clock.advance(by: .milliseconds(100))
        let half = Brightness(clamping: 0.5)
        #expect(c.handle(.request(ControlRequest(commands: [.brightness(half), .on(nil)], patternStart: atMs(300)), from: .mqtt, at: clock.now())).ok)
        #expect(c.machine.lit && c.machine.brightness == half && c.machine.program.startedAt == atMs(300))
        #expect(c.takeEffects().filter { if case .statusChanged = $0 { true } else { false } }.count == 1)
    }

    @Test func aBrightnessStepMovesTheLevel() {
        let clock = ManualClock()
        let c = Self.started(clock, initialCommands: [.on(Brightness(clamping: 0.5))])
        // The terminal's `-`: a step from the brightness chosen, as a `brightness` command.
        let lower = Brightness(clamping: c.brightness.fraction - 0.1)
        c.handle(.request(ControlRequest(.brightness(lower)), from: .keyboard, at: clock.now()))
        #expect(nearly(c.machine.brightness, 0.4) && c.lastCommandOrigin == .keyboard)
    }

    @Test func aFlashShowsOverTheStateForItsLength() {
        let clock = ManualClock()
        let c = Self.started(clock)
        clock.advance(by: .milliseconds(100))
        #expect(c.handle(.request(ControlRequest(commands: [], flash: .seconds(2), flashPattern: .strobe(.fast)), from: .socket, at: clock.now())).ok)
        #expect(c.machine.readoutEnd == atMs(2100) && c.machine.program.timeline == Pattern.strobe(.fast).timeline())
        let remote = c.handle(.request(ControlRequest(commands: [], flash: .seconds(2), flashPattern: .strobe(.fast)), from: .web, at: clock.now()))
        #expect(remote.error?.hasPrefix("flash: pattern 'strobe-fast' flashes more than 3 times a second") == true)
    }

    @Test func aRequestIsAnsweredAsTheProtocolSays() {
        let clock = ManualClock()
        let c = Self.started(clock)
        clock.advance(by: .seconds(3))
        let status = c.handle(.request(ControlRequest(.status), from: .socket, at: clock.now()))
        #expect(status.ok && status["lit"] == .bool(false))
        #expect(c.handle(.request(ControlRequest(.press(.on)), from: .socket, client: 7, at: clock.now())).ok)
        #expect(c.isHoldingVirtualButton(VirtualHolder(origin: .socket, client: 7)) && c.machine.lit)
    }

    @Test func virtualPressesRenewalsAndHoldersGoingAway() {
        let clock = ManualClock()
        let c = Self.started(clock)
        let web = VirtualHolder(origin: .web)
        #expect(!c.handle(.renewVirtualPress(web, at: clock.now())).ok, "nothing held: nothing to renew")
        c.handle(.request(ControlRequest(.press(.on)), from: web.origin, client: web.client, at: clock.now()))
        #expect(c.isVirtuallyPressed(.on) && c.machine.lit)
        clock.advance(by: .milliseconds(800))
        #expect(c.handle(.renewVirtualPress(web, at: clock.now())).ok)
        clock.advance(by: .milliseconds(800))
        c.handle(.advance(to: clock.now(), output: OutputHealth(writes: 1)))
        #expect(c.isVirtuallyPressed(.on), "the renewal keeps it down past the first lease")
        c.handle(.virtualHolderGone(web, at: clock.now()))
        #expect(!c.isVirtuallyPressed(.on) && !c.isHoldingVirtualButton(web))
    }

    @Test func readingsAreHandedBack() {
        let clock = ManualClock()
        let c = Self.started(clock)
        clock.advance(by: .milliseconds(100))
        let r = Readout(number: 3)
        c.handle(.reading(.readout(.success(ReadoutReading(r, note: "cpu: 3"))), at: clock.now()))
        #expect(c.machine.program.timeline == r.once && c.machine.program.startedAt == atMs(100))
        c.handle(.reading(.readout(.failure(HardwareError("no thermal zone"))), at: clock.now()))
        c.handle(.reading(.loadAverage(.success(2)), at: clock.now()))
        #expect(c.machine.loadAverage == 2)
        c.handle(.reading(.loadAverage(.failure(HardwareError("/proc/loadavg: gone"))), at: clock.now()))
        let logs = c.takeEffects().compactMap { if case let .log(_, l) = $0 { l } else { nil } }
        #expect(logs.contains("readout: cpu: 3") && logs.contains("readout: no thermal zone")
                && logs.contains("heartbeat: /proc/loadavg: gone; it keeps its last rate"))
    }

    @Test func aReportIsALogLine() {
        let c = Self.started(ManualClock())
        c.handle(.report("button: read failed", .error))
        #expect(c.takeEffects() == [.log(.error, "button: read failed")])
    }

    @Test func advanceRunsTheTimersDueAndReportsReadiness() {
        let clock = ManualClock()
        let c = TorchController(settings: ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .linear)),
                                at: clock.now())
        c.handle(.start(at: clock.now()))
        c.handle(.edge(ButtonEdge(role: .on, pressed: true, at: clock.now())))
        clock.advance(by: .seconds(3))
        c.handle(.advance(to: clock.now(), output: OutputHealth(writes: 1)))
        #expect(c.now == atMs(3000))
        #expect(c.takeEffects().contains(.notice(.ready(status: "lit"))))
        #expect(c.machine.lit, "held past the hold time, still lit while held")
    }

    @Test func aReloadWithoutASourceIsRefused() {
        let clock = ManualClock()
        let c = Self.started(clock)
        let reply = c.handle(.reload(at: clock.now()))
        #expect(reply == .failure("reload: the new config has errors; the running one is kept (see the log)"))
        #expect(c.takeEffects().contains(.log(.warning, "reload: not possible in this mode; ignored")))
    }

    @Test func stopEndsTheControllerAndLaterInputsChangeNothing() {
        let clock = ManualClock()
        let c = Self.started(clock)
        clock.advance(by: .milliseconds(10))
        c.handle(.stop(at: clock.now()))
        #expect(c.isStopped && c.nextDeadline == nil)
        #expect(c.takeEffects() == [.notice(.stopping)])
        c.handle(.request(ControlRequest(.on(nil)), from: .socket, at: clock.now()))
        c.handle(.edge(ButtonEdge(role: .on, pressed: true, at: clock.now())))
        #expect(!c.machine.lit)
    }
}
