// The config's own names for choices. They are spelled as in the file; the engine maps
// them onto the state machine's and hardware layer's types.

extension TorchConfig {
    /// How the ON button behaves (`[button] mode`).
    public enum ButtonMode: String, CaseIterable, Equatable, Sendable {
        /// A press lights at once; a tap latches, a hold is momentary (the default).
        case smart
        /// A click switch: every tap toggles.
        case toggle
        /// Hold for light: lit only while the button is held.
        case momentary
    }

    /// What a gesture does (`on-tap`, `on-double-tap`, `on-long-hold`).
    public enum GestureAction: String, CaseIterable, Equatable, Sendable {
        case toggle
        case on
        case off
        case nextPattern = "next-pattern"
        case sos
        case stealth
        case none
    }

    /// Which output drives the light (`[output] backend`).
    public enum OutputBackend: String, CaseIterable, Equatable, Sendable {
        /// Hardware PWM if the board has it, else a GPIO line, else the simulated LED.
        case auto
        case pwm
        case gpiod
        case sim
    }

    /// The input line's internal resistor (`[button] bias`).
    public enum LineBias: String, CaseIterable, Equatable, Sendable {
        case pullUp = "pull-up"
        case pullDown = "pull-down"
        case disabled
    }
}
