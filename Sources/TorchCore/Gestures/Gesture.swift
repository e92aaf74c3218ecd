/// What a button press means, recognized from debounced edges, with the exact instant it
/// happened (hold start at press + hold time, not at the next poll).
///
/// Every press produces `.press`, then `.release` and exactly one of `.tap`,
/// `.doubleTap` or `.holdEnd` at the release instant, with `.holdStart` and `.longHold`
/// in between for long presses. Consumers can rely on that closing gesture.
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
        }
    }

    /// When the gesture happened.
    public var at: Instant {
        switch self {
        case let .press(t), let .release(t), let .tap(t), let .doubleTap(t),
             let .holdStart(t), let .longHold(t), let .holdEnd(t):
            t
        }
    }

    /// "double-tap at 123000000ns"
    public var description: String { "\(kind.rawValue) at \(at)" }
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

    public var description: String { rawValue }
}
