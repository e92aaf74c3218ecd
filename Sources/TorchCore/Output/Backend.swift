/// The kind of hardware that drives the light: what the planner picks for `auto`, what a
/// `LightOutput` is, and what `status` reports. Never `auto`: that is a request
/// (`BackendRequest`), not something an output can be.
public enum Backend: String, CaseIterable, Equatable, Sendable {
    /// Hardware PWM through /sys/class/pwm: the duty cycle is the brightness; no CPU
    /// needed to dim.
    case pwm
    /// A GPIO line through libgpiod: on/off; brightness by software PWM (the scheduler
    /// toggles the line).
    case gpiod
    /// The simulated LED: records every change with its time; drawn in the terminal.
    case sim
}
