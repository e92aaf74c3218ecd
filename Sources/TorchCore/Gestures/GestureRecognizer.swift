/// Turns raw edges of one button into gestures with exact instants.
///
/// Drive it with `handle(_:)` for each edge (in timestamp order) and `advance(to:)` when
/// the clock reaches `nextDeadline`; both return the gestures that happened, oldest first.
/// Timer gestures (hold start, long hold) are stamped with their deadline, whenever the
/// event loop gets round to calling `advance`.
///
/// Boundaries (windows are half-open):
/// - held for less than `holdTime` → `.tap`; held `holdTime` or longer → `.holdStart`
///   at press + holdTime, then `.holdEnd` at release;
/// - a press less than `doubleTapWindow` after a click's release continues the click
///   sequence: released before `holdTime` → `.doubleTap` (second click) or `.click(n)`
///   (third to tenth) instead of `.tap`; held → `.holdStart` then `.clickHold(n)`;
/// - `doubleTapWindow` after a sequence's last click with no press → `.clicksEnded(n)`
///   (stamped at that instant); the eleventh press starts a new sequence;
/// - held `longHoldTime` or longer → `.longHold` at press + longHoldTime;
/// - held `stuckAfter` or longer → a stuck or shorted button: `.release` and `.holdEnd`
///   at press + stuckAfter (the press ends as if let go), then `isStuck` until the line
///   is seen released, which ends it without a gesture (the release was given already).
public struct GestureRecognizer: Sendable {
    public let timing: GestureTiming
    private var debouncer: Debouncer
    /// Everything up to this instant has been processed; older edges are taken as now.
    public private(set) var processedUntil: Instant
    /// When the current (debounced) press began.
    private var pressedAt: Instant?
    private var holdStarted = false
    private var longHoldFired = false
    /// The number of this press in its click sequence (1 for a press after a pause).
    private var pressIndex = 1
    /// Clicks so far in the current sequence.
    private var clicks = 0
    /// The release of the last click, while the sequence may still go on.
    private var lastTapRelease: Instant?
    /// The line is held down past `stuckAfter`: the press was ended as released, and the
    /// button gives nothing until its line is seen released.
    public private(set) var isStuck = false

    /// A recognizer with the button at `pressed` (normally released) at `start`; `stuck`:
    /// held down and already found stuck (a recognizer made again, at a reload).
    public init(timing: GestureTiming = .standard, pressed: Bool = false, stuck: Bool = false, at start: Instant = .zero) {
        self.timing = timing
        debouncer = Debouncer(debounce: timing.debounce, pressed: pressed)
        processedUntil = start
        if pressed && stuck {
            isStuck = true
        } else if pressed {
            // Held since before we looked: no press to report and no thresholds to time,
            // but its release still closes it with `.holdEnd`.
            pressedAt = start
            holdStarted = true
            longHoldFired = true
        }
    }

    /// True while the debounced button is down.
    public var isPressed: Bool { debouncer.accepted }

    /// True when no debounce window is open: the accepted level is final until the next edge.
    public var isSettled: Bool { debouncer.windowEnd == nil }

    /// The next instant at which `advance(to:)` has something to do: a bounce window
    /// closing, or a hold/long-hold threshold. Nil when nothing is pending.
    public var nextDeadline: Instant? {
        var next = debouncer.windowEnd
        for d in [holdDeadline, longHoldDeadline, sequenceEndDeadline, stuckDeadline] {
            // A threshold already passed is waiting for a pending bounce to settle: the
            // window end is what to wake for.
            if let d, d > processedUntil { next = next.map { min($0, d) } ?? d }
        }
        return next
    }

    private var holdDeadline: Instant? {
        guard let p = pressedAt, !holdStarted else { return nil }
        return p + timing.holdTime
    }

    /// When the click sequence ends unless a press comes first.
    private var sequenceEndDeadline: Instant? {
        guard pressedAt == nil, clicks > 0, let r = lastTapRelease else { return nil }
        return r + timing.doubleTapWindow
    }

    private var longHoldDeadline: Instant? {
        guard let p = pressedAt, !longHoldFired else { return nil }
        return p + timing.longHoldTime
    }

    /// When the press in progress becomes a stuck button.
    private var stuckDeadline: Instant? {
        guard let p = pressedAt else { return nil }
        return p + timing.stuckAfter
    }

    /// Processes everything due up to `now`: bounce windows closing and hold thresholds.
    public mutating func advance(to now: Instant) -> [Gesture] {
        var out: [Gesture] = []
        advance(to: now, into: &out)
        return out
    }

    /// Feeds one raw edge. Timers due up to the edge's instant are processed first; an
    /// edge older than what was already processed is taken as happening now.
    public mutating func handle(_ edge: RawEdge) -> [Gesture] {
        let t = max(edge.at, processedUntil)
        var out: [Gesture] = []
        advance(to: t, into: &out)
        if let level = debouncer.edge(pressed: edge.pressed, at: t) {
            accept(pressed: level, at: t, into: &out)
        }
        // The edge may have moved the settled horizon (a pending change now settles later).
        fireTimers(upTo: debouncer.settled(until: t), into: &out)
        return out
    }

    /// Gets back to a consistent state after lost kernel events, given the line's level
    /// read at `t`. Bounce in progress is forgotten and no tap is invented: a lost press
    /// becomes `.press` at `t`; a lost release becomes `.release` and `.holdEnd` at `t`
    /// (the press ends unclassified, so momentary light goes dark and ramps stop).
    public mutating func resynchronize(pressed: Bool, at time: Instant) -> [Gesture] {
        let t = max(time, processedUntil)
        var out: [Gesture] = []
        advance(to: t, into: &out)
        let was = debouncer.accepted
        debouncer.reset(pressed: pressed, at: t)
        if isStuck {
            // Still held: still stuck. Released: a button again (its release was given).
            if !pressed { isStuck = false }
            fireTimers(upTo: t, into: &out)
            return out
        }
        // Events were lost in between: whatever tap came before may not be the last one.
        lastTapRelease = nil
        clicks = 0
        if pressed && !was {
            pressIndex = 1
            pressedAt = t
            holdStarted = false
            longHoldFired = false
            out.append(.press(at: t))
        } else if !pressed && was {
            out.append(.release(at: t))
            out.append(.holdEnd(at: t))
            pressedAt = nil
        }
        fireTimers(upTo: t, into: &out)
        return out
    }

    private mutating func advance(to time: Instant, into out: inout [Gesture]) {
        let now = max(time, processedUntil)
        while true {
            fireTimers(upTo: debouncer.settled(until: now), into: &out)
            guard let end = debouncer.windowEnd, end <= now else { break }
            // Thresholds before the settled change were fired above; now the change lands.
            if let change = debouncer.expire(at: now) {
                fireTimers(upTo: change.at, into: &out)
                accept(pressed: change.pressed, at: change.at, into: &out)
            }
        }
        processedUntil = now
    }

    /// Fires hold thresholds due at or before `limit`, in time order.
    private mutating func fireTimers(upTo limit: Instant, into out: inout [Gesture]) {
        // Held exactly holdTime is a hold: a deadline equal to the release instant fires.
        if let d = holdDeadline, d <= limit {
            holdStarted = true
            out.append(.holdStart(at: d))
            if pressIndex > 1 { out.append(.clickHold(pressIndex, at: d)) }
            clicks = 0
        }
        if let d = longHoldDeadline, d <= limit {
            longHoldFired = true
            out.append(.longHold(at: d))
        }
        if let d = stuckDeadline, d <= limit {
            accept(pressed: false, at: d, into: &out)
            isStuck = true
        }
        // A gap of exactly the window is too late to go on: the sequence ends then.
        if let d = sequenceEndDeadline, d <= limit {
            out.append(.clicksEnded(clicks, at: d))
            clicks = 0
            lastTapRelease = nil
        }
    }

    /// A debounced level change at `t`.
    private mutating func accept(pressed: Bool, at t: Instant, into out: inout [Gesture]) {
        if isStuck {
            // The line let go at last: the press it held was ended as released already.
            if !pressed { isStuck = false }
            return
        }
        if pressed {
            let goesOn = lastTapRelease.map { t - $0 < timing.doubleTapWindow } ?? false
            if goesOn && clicks < GestureTiming.maxClicks {
                pressIndex = clicks + 1
            } else {
                // The last sequence is over (a full one ends at the next press).
                if clicks > 0 { out.append(.clicksEnded(clicks, at: t)) }
                clicks = 0
                pressIndex = 1
            }
            lastTapRelease = nil
            pressedAt = t
            holdStarted = false
            longHoldFired = false
            out.append(.press(at: t))
            return
        }
        out.append(.release(at: t))
        if holdStarted {
            out.append(.holdEnd(at: t))
        } else {
            clicks = pressIndex
            switch clicks {
            case 1: out.append(.tap(at: t))
            case 2: out.append(.doubleTap(at: t))
            default: out.append(.click(clicks, at: t))
            }
            lastTapRelease = t
        }
        pressedAt = nil
        holdStarted = false
        longHoldFired = false
        pressIndex = 1
    }
}
