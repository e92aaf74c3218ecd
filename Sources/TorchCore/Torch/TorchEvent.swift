/// Something the engine acts on, drained with `TorchStateMachine.takeEvents()`.
public enum TorchEvent: Equatable, Sendable, CustomStringConvertible {
    /// A gesture the user made (tap, double tap, hold start, long hold, an OFF press):
    /// the feedback buzzer pulses.
    case gestureRecognized(GestureKind)
    /// Stealth went on or off: the board's status LEDs go dark or come back.
    case stealthChanged(Bool)
    /// The persistent state changed: save it.
    case stateChanged
    /// The sleep timer ran out: the light fades out (or goes straight off).
    case sleepTimerExpired
    /// A line for the log: a mode of the button changed ("lockout on", "simple UI on",
    /// "sunset timer 10min", "memory 40% saved").
    case notice(String)

    /// A log line: "gesture double-tap", "stealth on", "state changed", "sleep timer expired".
    public var description: String {
        switch self {
        case let .gestureRecognized(kind): "gesture \(kind.rawValue)"
        case let .stealthChanged(on): "stealth \(on ? "on" : "off")"
        case .stateChanged: "state changed"
        case .sleepTimerExpired: "sleep timer expired"
        case let .notice(line): line
        }
    }
}
