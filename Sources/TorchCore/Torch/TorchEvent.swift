/// Something the engine acts on, drained with `TorchStateMachine.takeEvents()`.
public enum TorchEvent: Equatable, Sendable, CustomStringConvertible {
    /// A gesture the user made (tap, double tap, hold start, long hold, an OFF press):
    /// the feedback buzzer pulses. `count`: the click's place in its sequence, for a
    /// `.click` (3…10; Home Assistant's triple to quintuple press); nil otherwise.
    case gestureRecognized(GestureKind, count: Int? = nil)
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
        case let .gestureRecognized(kind, count): "gesture \(kind.rawValue)" + (count.map { " \($0)" } ?? "")
        case let .stealthChanged(on): "stealth \(on ? "on" : "off")"
        case .stateChanged: "state changed"
        case .sleepTimerExpired: "sleep timer expired"
        case let .notice(line): line
        }
    }
}
