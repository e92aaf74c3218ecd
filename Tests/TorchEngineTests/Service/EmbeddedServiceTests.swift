import Testing
import TorchCore
import TorchHardware
import TorchEngine
import TorchTesting

/// The service's real turn, embedded (`EmbeddedService`): readiness and signals
/// scripted on a manual clock, programs sampled. Each test checks what the loop decides
/// — which turns it takes, what the light shows at an instant — to the nanosecond, with
/// nothing sleeping.
@Suite struct EmbeddedServiceTests {
    func options(_ frontEnds: [any FrontEnd] = [], _ torch: TorchSettings = TorchSettings()) -> ServiceOptions {
        var o = ServiceOptions(controller: ControllerSettings(torch: torch, mapping: OutputMapping(curve: .linear)),
                               scheduler: SchedulerSettings(realtimePriority: nil, lockMemory: false), frontEnds: frontEnds)
        o.verbose = false
        return o
    }

    /// A press at `t` with a bounce train (5 edges 3 ms apart), held 60 ms, then a
    /// release with its own (3 edges 2 ms apart): each edge written to the pipe and its
    /// readiness scripted at its instant.
    func tap(_ button: PipeButtonInput, _ e: EmbeddedService, at t: Instant) {
        var at = t
        for i in 0..<5 {
            button.inject(pressed: i % 2 == 0, at: at)
            e.waits.ready([button.pollDescriptor], at: at)
            at = at + .milliseconds(3)
        }
        at = at + .milliseconds(60)
        for i in 0..<3 {
            button.inject(pressed: i % 2 == 1, at: at)
            e.waits.ready([button.pollDescriptor], at: at)
            at = at + .milliseconds(2)
        }
    }

    @Test func bouncingTapsToggleTheLightThroughTheRealTurn() throws {
        let clock = ManualClock()
        let button = try PipeButtonInput(role: .on)
        let torch = TorchSettings(buttonMode: .toggle, gestureTiming: GestureTiming(debounce: .milliseconds(50)))
        let e = EmbeddedService(output: SimulatedOutput(clock: clock), options: options([ButtonFrontEnd([button])], torch), clock: clock)
        #expect(e.begin() == nil)
        #expect(e.duty(at: clock.now()) == 0, "dark at the start")
        tap(button, e, at: atMs(100))
        e.run(until: atMs(101))
        #expect(e.duty(at: atMs(101)) == 1, "lit from the first edge of the first tap (the press acts at once)")
        e.run(until: atMs(900))
        #expect(e.duty(at: atMs(900)) == 1, "the bounces and the release left it lit")
        tap(button, e, at: atMs(1000))
        e.run(until: atMs(1800))
        #expect(e.duty(at: atMs(1800)) == 0, "dark after the second tap")
        #expect(e.player.programs.count == 3, "the start's program and one per tap, none for a bounce: \(e.player.programs.count)")
        #expect(e.stop() == 0)
    }

    @Test func aSteadyLightTakesNoTurnsWhileNothingIsDue() {
        let clock = ManualClock()
        let e = EmbeddedService(output: SimulatedOutput(clock: clock), options: options([], TorchSettings(lightByDefault: true)),
                                clock: clock)
        #expect(e.begin() == nil)
        e.run(until: atMs(1))
        let settled = e.turns
        #expect(e.service.nextDeadline == nil, "nothing due once the first write is confirmed")
        e.run(until: atMs(3_600_000))
        #expect(e.turns == settled, "an hour of a steady light: \(e.turns - settled) turns")
        #expect(e.duty(at: clock.now()) == 1)
        #expect(e.stop() == 0)
        #expect(e.player.isStopped && e.duty(at: clock.now()) == 0, "a stop leaves it dark")
    }

    @Test func aLineTakenAgainWhenItsChipReturnsIsLookedAtOnceASecond() {
        let clock = ManualClock()
        let line = ReacquiringOutput(SimulatedOutput(clock: clock, isBinary: true)) { SimulatedOutput(clock: clock, isBinary: true) }
        let e = EmbeddedService(output: line, options: options(), clock: clock)
        #expect(e.begin() == nil)
        e.run(until: atMs(1))
        let settled = e.turns
        #expect(e.service.nextDeadline == atMs(1000), "its first look a second after the start")
        e.run(until: atMs(10_000))
        #expect(e.turns - settled == 10, "one look a second for 10 s: \(e.turns - settled)")
        #expect(e.stop() == 0)
    }

    @Test func signalsStopAndReloadThroughTheTurn() {
        let clock = ManualClock()
        var o = options([], TorchSettings(lightByDefault: true))
        let reloads = Counter()
        o.controller.reload = {
            reloads.count += 1
            return .failure(ReloadError(["embedded: no file"]))
        }
        let e = EmbeddedService(output: SimulatedOutput(clock: clock), options: o, clock: clock)
        #expect(e.begin() == nil)
        e.waits.signal(.hangup, at: atMs(500))
        #expect(e.run(until: atMs(600)))
        #expect(reloads.count == 1, "SIGHUP reloaded once")
        #expect(e.duty(at: atMs(600)) == 1, "a failed reload keeps the light as it was")
        e.waits.signal(.terminate, at: atMs(700))
        #expect(e.run(until: atMs(800)) == false, "SIGTERM stopped the loop")
        #expect(e.service.shutDown() == 0)
        #expect(e.player.isStopped)
    }

    final class Counter: @unchecked Sendable { var count = 0 }

    @Test func theShellReadsTheLoadWhenTheControllerAsks() {
        let clock = ManualClock()
        var o = options([], TorchSettings(lightByDefault: true, pattern: .effect(.heartbeat)))
        let reads = Counter()
        o.sensors.loadAverage = { () -> Result<Double, HardwareError> in
            reads.count += 1
            return .success(2)
        }
        let e = EmbeddedService(output: SimulatedOutput(clock: clock), options: o, clock: clock)
        #expect(e.begin() == nil)
        #expect(reads.count == 1, "read in the start's own turn")
        e.run(until: atMs(12_000))
        #expect(reads.count == 3, "and every 5 s while it plays: \(reads.count)")
        #expect(e.player.programs.last?.timeline.period == .milliseconds(300 + 6720 / 17), "the heartbeat follows load 2")
        #expect(e.stop() == 0)
    }

    /// A front end that keeps the context it was given.
    final class ContextKeeper: FrontEnd {
        var context: FrontEndContext?
        var pollDescriptors: [Int32] { [] }
        func attach(_ context: FrontEndContext) { self.context = context }
        func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {}
        func close() {}
    }

    @Test func everyFrontEndKeepsTheServicesClock() {
        let clock = ManualClock(atMs(5000))
        let keeper = ContextKeeper()
        let e = EmbeddedService(output: SimulatedOutput(clock: clock), options: options([keeper]), clock: clock)
        #expect(e.begin() == nil)
        e.run(until: atMs(7000))
        #expect(keeper.context?.clock.now() == atMs(7000), "the front end's clock is the service's")
        #expect(keeper.context?.metricsText().contains("torch_") == true, "and the metrics come from the service")
        #expect(e.stop() == 0)
    }
}

/// Issue 36: a stuck button through the real turn: the metrics carry it while the line
/// is held, and the light a hold gave goes dark at `stuck-after`.
@Suite struct StuckButtonServiceTests {
    final class Metrics: FrontEnd {
        var context: FrontEndContext?
        var pollDescriptors: [Int32] { [] }
        func attach(_ context: FrontEndContext) { self.context = context }
        func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {}
        func close() {}
        func gauge(_ name: String) -> String? {
            context?.metricsText().split(separator: "\n").first { $0.hasPrefix(name + " ") }.map { String($0.dropFirst(name.count + 1)) }
        }
    }

    @Test func aStuckButtonIsInTheMetricsUntilItsLineLetsGo() throws {
        let clock = ManualClock()
        let button = try PipeButtonInput(role: .on)
        let metrics = Metrics()
        let torch = TorchSettings(buttonMode: .momentary, gestureTiming: GestureTiming(stuckAfter: .seconds(60)))
        var o = ServiceOptions(controller: ControllerSettings(torch: torch, mapping: OutputMapping(curve: .linear)),
                               scheduler: SchedulerSettings(realtimePriority: nil, lockMemory: false),
                               frontEnds: [ButtonFrontEnd([button]), metrics])
        o.verbose = false
        let e = EmbeddedService(output: SimulatedOutput(clock: clock), options: o, clock: clock)
        #expect(e.begin() == nil)
        #expect(metrics.gauge("torch_button_stuck") == "0")
        button.inject(pressed: true, at: atMs(1000))
        e.waits.ready([button.pollDescriptor], at: atMs(1000))
        e.run(until: atMs(30_000))
        #expect(e.duty(at: atMs(30_000)) == 1, "held for light")
        e.run(until: atMs(61_500))
        #expect(e.duty(at: atMs(61_500)) == 0, "taken as released at 61 s: dark")
        #expect(metrics.gauge("torch_button_stuck") == "1")
        #expect(e.service.status.buttonStuck)
        button.inject(pressed: false, at: atMs(90_000))
        e.waits.ready([button.pollDescriptor], at: atMs(90_000))
        e.run(until: atMs(91_000))
        #expect(metrics.gauge("torch_button_stuck") == "0")
        #expect(e.duty(at: atMs(91_000)) == 0)
        #expect(e.stop() == 0)
    }
}
