import Testing
import TorchCore
import TorchHardware
import TorchEngine
import TorchTesting

/// The service's side of a restart (`ServiceHandover`), through the real turn: the
/// light left as it is when a restart follows, put back at a stop, the record kept up
/// with the light, and the next process resuming the light in phase.
@Suite struct HandoverServiceTests {
    /// A hand-over whose stop decision the test chooses, recording what it was told.
    final class ScriptedHandover: ServiceHandover {
        var atStop: LightAtStop
        var kept = 0
        var records: [Resumption] = []
        var putBacks = 0
        init(_ atStop: LightAtStop) { self.atStop = atStop }
        func keep(_ output: any LightOutput) { kept += 1 }
        func lightChanged(_ resumption: Resumption) { records.append(resumption) }
        func decideAtStop() -> LightAtStop { atStop }
        var handedOver: Resumption?
        func handOver(_ resumption: Resumption) { handedOver = resumption }
        func putBack() { putBacks += 1 }
    }

    func options(_ torch: TorchSettings, handover: ScriptedHandover, resuming: Resumption? = nil,
                 frontEnds: [any FrontEnd] = []) -> ServiceOptions {
        var controller = ControllerSettings(torch: torch, mapping: OutputMapping(curve: .linear))
        controller.resuming = resuming
        var o = ServiceOptions(controller: controller, scheduler: SchedulerSettings(realtimePriority: nil, lockMemory: false),
                               frontEnds: frontEnds)
        o.verbose = false
        o.handover = handover
        return o
    }

    @Test func aRestartLeavesTheLightAsItIs() {
        let clock = ManualClock()
        let output = SimulatedOutput(clock: clock)
        let handover = ScriptedHandover(.keep(reason: "a restart follows"))
        let e = EmbeddedService(output: output, options: options(TorchSettings(lightByDefault: true), handover: handover), clock: clock)
        #expect(e.begin() == nil)
        #expect(handover.kept == 1, "the output's holder is kept at the start")
        e.run(until: atMs(100))
        #expect(output.duty == 1)
        #expect(e.stop() == 0)
        #expect(e.player.handedOver, "the player stopped without its dark write")
        #expect(output.changes.map(\.duty) == [1], "nothing but the start's light was written: \(output.changes.map(\.duty))")
        #expect(handover.putBacks == 0)
        #expect(handover.handedOver?.state.lit == true, "the record marked as handed over, lit")
    }

    @Test func aStopPutsTheLightBack() {
        let clock = ManualClock()
        let output = SimulatedOutput(clock: clock)
        let handover = ScriptedHandover(.putBack(reason: "a stop"))
        let e = EmbeddedService(output: output, options: options(TorchSettings(lightByDefault: true), handover: handover), clock: clock)
        #expect(e.begin() == nil)
        e.run(until: atMs(100))
        #expect(e.stop() == 0)
        #expect(!e.player.handedOver)
        #expect(output.duty == 0, "dark after a stop")
        #expect(handover.putBacks == 1, "the hand-over told that nothing is left for a next process")
        #expect(handover.handedOver == nil)
    }

    @Test func theRecordFollowsTheLightOncePerChange() throws {
        let clock = ManualClock()
        let button = try PipeButtonInput(role: .on)
        let torch = TorchSettings(buttonMode: .toggle, gestureTiming: GestureTiming(debounce: .milliseconds(50)))
        let handover = ScriptedHandover(.keep(reason: "a restart follows"))
        let e = EmbeddedService(output: SimulatedOutput(clock: clock),
                                options: options(torch, handover: handover, frontEnds: [ButtonFrontEnd([button])]), clock: clock)
        #expect(e.begin() == nil)
        #expect(handover.records.count == 1 && handover.records[0].state.lit == false, "the start's dark light")
        button.inject(pressed: true, at: atMs(200))
        e.waits.ready([button.pollDescriptor], at: atMs(200))
        button.inject(pressed: false, at: atMs(260))
        e.waits.ready([button.pollDescriptor], at: atMs(260))
        e.run(until: atMs(2000))
        #expect(handover.records.last?.state.lit == true, "lit by the tap")
        #expect(handover.records.last?.origin == atMs(200), "the lit program's time zero is the press: \(handover.records) \(e.player.programs)")
        let seen = handover.records.count
        e.run(until: atMs(60_000))
        #expect(handover.records.count == seen, "nothing written while nothing changes")
        #expect(e.stop() == 0)
    }

    @Test func theNextProcessResumesInPhaseNotByTheStartRule() {
        let clock = ManualClock()
        clock.advance(to: atMs(10_000))
        let blink = Pattern.blink(on: .milliseconds(250), off: .milliseconds(250))
        let origin = atMs(9_700)     // the last process started the blink 300 ms ago
        let resuming = Resumption(state: PersistentState(brightness: .full, pattern: blink, lit: true), origin: origin)
        // The start rule says dark; the light the last process left says lit.
        let handover = ScriptedHandover(.keep(reason: "a restart follows"))
        let e = EmbeddedService(output: SimulatedOutput(clock: clock, isBinary: true),
                                options: options(TorchSettings(atStart: .off), handover: handover, resuming: resuming), clock: clock)
        #expect(e.begin() == nil)
        #expect(e.player.programs.first?.startedAt == origin, "the blink keeps its time zero")
        #expect(e.duty(at: atMs(10_000)) == 0, "300 ms in: the dark half")
        #expect(e.duty(at: atMs(10_200)) == 1, "500 ms in: the next flash, on the old grid")
        #expect(e.service.status.lit)
        #expect(e.stop() == 0)
    }

    /// The sleep timer is not carried over: it starts again from the restart.
    @Test func aSleepTimerStartsAgainFromTheRestart() {
        let clock = ManualClock()
        clock.advance(to: atMs(100_000))
        let resuming = Resumption(state: PersistentState(lit: true), origin: atMs(40_000))
        let torch = TorchSettings(sleepTimer: .seconds(60), sleepFade: .zero)
        let e = EmbeddedService(output: SimulatedOutput(clock: clock),
                                options: options(torch, handover: ScriptedHandover(.putBack(reason: "")), resuming: resuming), clock: clock)
        #expect(e.begin() == nil)
        e.run(until: atMs(159_000))
        #expect(e.duty(at: atMs(159_000)) == 1, "lit 59 s after the restart")
        e.run(until: atMs(161_000))
        #expect(e.duty(at: atMs(161_000)) == 0, "dark 60 s after the restart")
        #expect(e.stop() == 0)
    }

    @Test func aLightLeftDarkStaysDarkWhateverTheStartRule() {
        let clock = ManualClock()
        let resuming = Resumption(state: PersistentState(lit: false), origin: .zero)
        let e = EmbeddedService(output: SimulatedOutput(clock: clock),
                                options: options(TorchSettings(lightByDefault: true), handover: ScriptedHandover(.putBack(reason: "")),
                                                 resuming: resuming), clock: clock)
        #expect(e.begin() == nil)
        e.run(until: atMs(100))
        #expect(e.duty(at: atMs(100)) == 0, "the user's off outlives the restart; light-by-default is for boots")
        #expect(e.stop() == 0)
    }
}
