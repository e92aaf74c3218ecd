import Testing
import TorchCore
import TorchEngine
import TorchHardware

/// Issue 15's button storm: 10,000 presses, each edge a random bounce train, through the
/// real input path — injected into a `PipeButtonInput`, read and parsed by
/// `ButtonFrontEnd.serve`, recognised and acted on by `TorchController` — on synthetic
/// instants (the edges carry their own timestamps, the shell's clock is a value here),
/// so the result is exact and independent of how busy the machine is.
@Suite struct ButtonStormTests {
    static let healthy = OutputHealth(writes: 1)

    @Test func tenThousandBouncingPressesGiveExactlyTheScheduledGestures() throws {
        let start = Instant.zero + .seconds(1)
        let schedule = ButtonStormSchedule(presses: 10_000, seed: 0x7012_C4_15, start: start)
        let pipe = try PipeButtonInput(role: .on)
        let buttons = ButtonFrontEnd([pipe])
        defer { buttons.close() }
        let controller = TorchController(
            settings: ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .linear)), at: .zero)
        controller.handle(.start(at: .zero))
        controller.handle(.advance(to: .zero, output: Self.healthy))
        _ = controller.takeEffects()

        var pulses: [GestureKind: Int] = [:]
        var errors: [String] = []
        func collect() {
            for effect in controller.takeEffects() {
                switch effect {
                case let .gesture(kind, _) where kind.pulsesFeedback: pulses[kind, default: 0] += 1
                case let .log(priority, line) where priority == .error || priority == .warning: errors.append(line)
                default: break
                }
            }
        }
        // The shell wakes at the controller's deadline or on input, whichever is first.
        func runTimers(before t: Instant) {
            while let d = controller.nextDeadline, d < t {
                controller.handle(.advance(to: d, output: Self.healthy))
                collect()
            }
        }

        // Each train is read in two polls split at a seeded point, so a read may end in
        // the middle of the bounce (the recognizer carries it across polls).
        var rng = SplitMix64(seed: 42)
        for train in schedule.trains {
            let split = Int.random(in: 1...train.count, using: &rng)
            for chunk in [train[..<split], train[split...]] where !chunk.isEmpty {
                guard let first = chunk.first, let last = chunk.last else { continue }
                runTimers(before: first.at)
                for e in chunk { pipe.inject(pressed: e.pressed, at: e.at) }
                buttons.serve(ready: [pipe.pollDescriptor], at: last.at, controller: controller)
                controller.handle(.advance(to: last.at, output: Self.healthy))
                collect()
            }
        }
        runTimers(before: schedule.end)
        controller.handle(.advance(to: schedule.end, output: Self.healthy))
        collect()

        #expect(schedule.gestures.reduce(0) { $0 + $1.presses } == 10_000)
        #expect(try pipe.readEdges().isEmpty, "every injected edge was read")
        #expect(pulses == schedule.expectedPulses)
        #expect(controller.machine.lit == schedule.expectedLit)
        #expect(!pipe.isPressedOrFails)
        #expect(errors.isEmpty)
    }

    @Test func bounceTrainsStayWithinTheirBounds() {
        var rng = SplitMix64(seed: 7)
        var bad: [[ButtonEdge]] = []
        for _ in 0..<1_000 {
            let level = Bool.random(using: &rng)
            let train = ButtonStormSchedule.bounce(to: level, at: 0, &rng)
            let times = train.map(\.at.nanoseconds)
            let ok = train.count % 2 == 1 && train.count <= 49
                && train.first?.pressed == level && train.last?.pressed == level
                && times == times.sorted()
                && (times.last ?? 0) - (times.first ?? 0) <= 20 * ButtonStormSchedule.ms
                // Under the debounce: one train is one change.
                && zip(times, times.dropFirst()).allSatisfy { $1 - $0 < 10 * ButtonStormSchedule.ms }
            if !ok { bad.append(train) }
        }
        #expect(bad.isEmpty)
    }
}

extension PipeButtonInput {
    /// The pipe's last level read, or true (so the expectation fails) if reading fails.
    fileprivate var isPressedOrFails: Bool { (try? isPressed()) ?? true }
}
