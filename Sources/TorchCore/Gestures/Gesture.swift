/// What a button press means, recognized from debounced edges, with the exact instant it
/// happened (hold start at press + hold time, not at the next poll).
///
/// Every press produces `.press`, then `.release` and exactly one of `.tap`,
/// `.doubleTap`, `.click` or `.holdEnd` at the release instant, with `.holdStart` (and
/// `.clickHold` for a second or later press of a sequence) and `.longHold` in between
/// for long presses. Consumers can rely on that closing gesture.
///
/// Clicks count in sequences (Anduril's 1C…10C, 1H…10H): a press less than the
/// double-tap window (the click gap) after a click's release continues the sequence.
/// Each click is reported at once at its release (`.tap` for the first, `.doubleTap`
/// for the second, `.click(n)` from the third on); `.clicksEnded(n)` follows when the
/// gap after the last click passes with no press. A sequence holds at most
/// `GestureTiming.maxClicks` clicks: the next press starts a new one.
public enum Gesture: Equatable, Sendable, CustomStringConvertible {
    /// The button went down (debounced, at once: no waiting to classify).
    case press(at: Instant)
    /// The button came up.
    case release(at: Instant)
    /// Released less than the hold time after the press (emitted at once at release).
    case tap(at: Instant)
    /// A second press less than the double-tap window after a tap's release, released
    /// before the hold time: emitted instead of a second `.tap`.
    case doubleTap(at: Instant)
    /// Still pressed at press + hold time.
    case holdStart(at: Instant)
    /// Still pressed at press + long-hold time.
    case longHold(at: Instant)
    /// Released after a hold started (instead of a tap).
    case holdEnd(at: Instant)
    /// The `count`-th click of a sequence (3…10), released before the hold time.
    case click(Int, at: Instant)
    /// The gap after a sequence's last click passed: `count` clicks (1…10) in all.
    case clicksEnded(Int, at: Instant)
    /// The `count`-th press of a sequence (2…10) held past the hold time, right after
    /// its `.holdStart`: `count - 1` clicks, then a hold.
    case clickHold(Int, at: Instant)

    /// The gesture without its instant.
    public var kind: GestureKind {
        switch self {
        case .press: .press
        case .release: .release
        case .tap: .tap
        case .doubleTap: .doubleTap
        case .holdStart: .holdStart
        case .longHold: .longHold
        case .holdEnd: .holdEnd
        case .click: .click
        case .clicksEnded: .clicksEnded
        case .clickHold: .clickHold
        }
    }

    /// When the gesture happened.
    public var at: Instant {
        switch self {
        case let .press(t), let .release(t), let .tap(t), let .doubleTap(t),
             let .holdStart(t), let .longHold(t), let .holdEnd(t),
             let .click(_, t), let .clicksEnded(_, t), let .clickHold(_, t):
            t
        }
    }

    /// "double-tap at 123000000ns"
    public var description: String {
        switch self {
        case let .click(n, t), let .clicksEnded(n, t), let .clickHold(n, t): "\(kind.rawValue) \(n) at \(t)"
        default: "\(kind.rawValue) at \(at)"
        }
    }

    /// The click or press count of a sequence gesture: 1 for a tap or a hold, 2 for a
    /// double tap; nil for press, release, long hold and hold end.
    public var count: Int? {
        switch self {
        case .tap, .holdStart: 1
        case .doubleTap: 2
        case let .click(n, _), let .clicksEnded(n, _), let .clickHold(n, _): n
        case .press, .release, .longHold, .holdEnd: nil
        }
    }
}

/// The kinds of gesture, named as in config keys and log lines.
public enum GestureKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case press
    case release
    case tap
    case doubleTap = "double-tap"
    case holdStart = "hold-start"
    case longHold = "long-hold"
    case holdEnd = "hold-end"
    case click
    case clicksEnded = "clicks-ended"
    case clickHold = "click-hold"

    public var description: String { rawValue }

    /// Whether the feedback line pulses for it: every gesture the user is still making
    /// or has just made, but not the moments that only close one already felt (a
    /// release, the end of a hold, the end of a click sequence), which front ends are
    /// still told of.
    public var pulsesFeedback: Bool {
        switch self {
        case .release, .holdEnd, .clicksEnded: false
        case .press, .tap, .doubleTap, .holdStart, .longHold, .click, .clickHold: true
        }
    }
}
