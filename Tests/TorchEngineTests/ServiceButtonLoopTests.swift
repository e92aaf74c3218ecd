import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine
#if canImport(Glibc)
import Glibc
#endif

/// The real event loop with a button whose edges bounce, debounced in software (as on
/// libgpiod 1.6, which has no kernel debounce): each tap toggles the light once. The
/// waits are bounded polls for an outcome, never a timing assertion.
@Suite(.serialized) struct ServiceButtonLoopTests {
    /// A press with a bounce train, held, then a release with its own train.
    func tap(_ button: PipeButtonInput, clock: MonotonicClock) {
        for i in 0..<5 {
            button.inject(pressed: i % 2 == 0, at: clock.now())
            usleep(3000)
        }
        usleep(60_000)
        for i in 0..<3 {
            button.inject(pressed: i % 2 == 1, at: clock.now())
            usleep(2000)
        }
    }

    @Test func bouncingTapsToggleTheLightThroughTheRealLoop() throws {
        let clock = MonotonicClock()
        let button = try PipeButtonInput(role: .on)
        let out = SimulatedOutput(clock: clock)
        let settings = TorchSettings(buttonMode: .toggle, gestureTiming: GestureTiming(debounce: .milliseconds(50)))
        var options = ServiceOptions(controller: ControllerSettings(torch: settings, mapping: OutputMapping(curve: .linear), runFor: .seconds(3)),
                                     scheduler: SchedulerSettings(realtimePriority: nil, lockMemory: false),
                                     frontEnds: [ButtonFrontEnd([button])])
        options.verbose = false
        let service = TorchService(output: out, options: options)
        let thread = BackgroundThread { _ = service.run() }
        #expect(thread.start())
        #expect(eventually { !out.changes.isEmpty }, "the first (dark) write")
        tap(button, clock: clock)
        #expect(eventually { out.changes.last?.duty == 1 }, "lit after the first tap: \(out.changes.suffix(3))")
        usleep(400_000)
        tap(button, clock: clock)
        #expect(eventually { out.changes.last?.duty == 0 }, "dark after the second tap: \(out.changes.suffix(3))")
        thread.join()  // `--for` 3 s ends the loop
    }
}
