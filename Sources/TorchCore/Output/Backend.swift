/// The kind of hardware that drives the light: what the planner picks for `auto`, what a
/// `LightOutput` is, and what `status` reports. Never `auto`: that is a request
/// (`BackendRequest`), not something an output can be. The config reference, torch(1)'s
/// `--backend` list and the protocol page's status row are written from this list.
public enum Backend: String, CaseIterable, Equatable, Sendable {
    /// Hardware PWM through /sys/class/pwm: the duty cycle is the brightness; no CPU
    /// needed to dim.
    case pwm
    /// A GPIO line through libgpiod: on/off; brightness by software PWM (the scheduler
    /// toggles the line).
    case gpiod
    /// The simulated LED: records every change with its time; drawn in the terminal.
    case sim

    /// What it is, for `[output] backend`'s doc after the name: `pwm (/sys/class/pwm)`.
    public var summary: String {
        switch self {
        case .pwm: "/sys/class/pwm"
        case .gpiod: "a GPIO line; dimming by software PWM"
        case .sim: "a simulated LED in the terminal"
        }
    }
}
