import TorchCore
import TorchEngine
import TorchHardware

/// `torch setup`'s LED check: the chosen line lit at 50 %, "is the LED lit?", and if
/// not, a 1 Hz blink with what to check. The output is opened as `torch run` would open
/// it for this line (hardware PWM where the channel is there, else software PWM, or the
/// simulated LED), and closed dark at the end.
enum SetupLight {
    /// True when the owner saw it light (or `--yes` took it as seen); throws when the
    /// line cannot be driven.
    static func check(_ config: TorchConfig, backend: BackendRequest?, pin: String,
                      answers: SetupAnswers) throws(HardwareError) -> Bool {
        let (output, reason) = try BackendChoice.open(requested: backend, config: config)
        defer {
            _ = output.write(duty: 0)
            output.close()
        }
        // The simulated LED's reason would only say that it leaves the pin alone.
        if output.kind != .sim { StandardOutput.write("  \(reason)\n") }
        let scheduler = PatternScheduler(output: output, settings: SettingsFactory.scheduler(config))
        try scheduler.start()
        defer { scheduler.stop() }
        let clock = MonotonicClock()
        let mapping = OutputMapping(curve: config.light.curve)
        let half = 0.5
        scheduler.play(ScheduledProgram(timeline: .steady(1), lightness: half, startedAt: clock.now(), mapping: mapping))
        StandardOutput.write("  \(pin) is lit at 50 % (duty \(LevelSyntax.format(mapping.duty(forLightness: half))))"
                             + (output.kind == .sim ? " on the simulated LED" : "") + "\n")
        if answers.assumeYes {
            clock.sleep(until: clock.now() + .seconds(2))
            return true
        }
        if answers.confirm("  Is the LED lit?", defaultYes: true) { return true }
        scheduler.play(ScheduledProgram(timeline: Timeline(steps: [.hold(1, .milliseconds(500)), .hold(0, .milliseconds(500))]),
                                        lightness: 1, startedAt: clock.now(), mapping: mapping))
        StandardOutput.write("""
              Now it blinks once a second at full brightness. Check:
                - the LED's legs: the long leg (anode) towards the pin, through the resistor; the short leg to ground
                - the resistor: in series, 100–330 Ω for 3.3 V (torch wiring works it out for your LED)
                - the pin: the wire on \(pin), the ground on a GND pin (torch wiring shows the nearest)

            """)
        return answers.confirm("  Is it blinking now?", defaultYes: true)
    }
}
