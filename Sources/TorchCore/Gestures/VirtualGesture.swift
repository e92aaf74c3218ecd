/// What `torch button` does with the virtual button: a whole gesture played as presses
/// and releases over one control-socket connection, timed from the config's gesture
/// timing so the service's recognizer classifies it as intended.
public enum VirtualGesture: Equatable, Sendable {
    /// Press and release before the hold time: a tap (toggle by default).
    case tap
    /// Two taps inside the double-tap window (next pattern by default).
    case double
    /// Press, hold for this long, release (hold-for-light, a ramp, a long hold).
    case hold(Duration)
    /// Press and keep holding until the user lets go (Enter, end of input, Ctrl-C).
    case press
    /// Release the virtual button, whoever pressed it.
    case release

    /// One step of the gesture, in order.
    public enum Step: Equatable, Sendable {
        /// Send `press`.
        case down
        /// Send `release`.
        case up
        /// Wait this long with the connection open.
        case wait(Duration)
        /// Wait until the user lets go (the connection stays open: closing it releases).
        case waitForUser
    }

    /// The steps for `timing`: a tap is held for half the hold time (at most 50 ms); a
    /// double tap waits half the double-tap window (at most 100 ms) between its taps.
    public func steps(timing: GestureTiming) -> [Step] {
        let tap = min(.milliseconds(50), timing.holdTime / 2)
        let gap = min(.milliseconds(100), timing.doubleTapWindow / 2)
        switch self {
        case .tap: return [.down, .wait(tap), .up]
        case .double: return [.down, .wait(tap), .up, .wait(gap), .down, .wait(tap), .up]
        case let .hold(d): return [.down, .wait(d), .up]
        case .press: return [.down, .waitForUser, .up]
        case .release: return [.up]
        }
    }
}
