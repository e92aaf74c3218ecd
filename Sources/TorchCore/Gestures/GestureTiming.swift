/// The time thresholds of the gesture recognizer, named after their config keys
/// (`debounce`, `hold-time`, `double-tap-window`, `long-hold-time`, `stuck-after`).
///
/// Every window is half-open: at exactly `press + holdTime` the press already counts as
/// a hold, and a second press exactly `doubleTapWindow` after a tap's release is too late
/// for a double tap.
public struct GestureTiming: Equatable, Sendable {
    /// Raw edges closer than this to the previous raw edge are contact bounce. Default 10 ms
    /// (tactile switches bounce for 5–20 ms).
    public var debounce: Duration
    /// A press held this long is a hold, not a tap. Default 400 ms (Android's long press).
    public var holdTime: Duration
    /// The longest time from a tap's release to the next press for the pair to be a
    /// double tap. Default 300 ms (Android's double-tap timeout).
    public var doubleTapWindow: Duration
    /// A press held this long is a long hold (SOS by default). Default 2 s.
    public var longHoldTime: Duration
    /// A press held this long is a stuck or shorted button, not a gesture: it is taken
    /// as released there (`GestureRecognizer.isStuck`). Default 10 min, past any gesture
    /// (a hold for light included) a hand makes.
    public var stuckAfter: Duration

    public static let defaultDebounce: Duration = .milliseconds(10)
    public static let defaultHoldTime: Duration = .milliseconds(400)
    public static let defaultDoubleTapWindow: Duration = .milliseconds(300)
    public static let defaultLongHoldTime: Duration = .seconds(2)
    public static let defaultStuckAfter: Duration = .seconds(600)

    public init(
        debounce: Duration = GestureTiming.defaultDebounce,
        holdTime: Duration = GestureTiming.defaultHoldTime,
        doubleTapWindow: Duration = GestureTiming.defaultDoubleTapWindow,
        longHoldTime: Duration = GestureTiming.defaultLongHoldTime,
        stuckAfter: Duration = GestureTiming.defaultStuckAfter
    ) {
        self.debounce = debounce
        self.holdTime = holdTime
        self.doubleTapWindow = doubleTapWindow
        self.longHoldTime = longHoldTime
        self.stuckAfter = stuckAfter
    }

    /// The most clicks in one sequence (Anduril's 10C / 10H).
    public static let maxClicks = 10

    /// The defaults above.
    public static let standard = GestureTiming()
}
