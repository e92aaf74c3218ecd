/// Leading-edge debouncing of one button line.
///
/// The first raw edge after a quiet period is accepted at once (the press lights with no
/// delay). Every raw edge opens (or extends) a quiet window of `debounce`; edges inside it
/// are bounce. When the window closes with the raw level different from the accepted one,
/// that change is accepted, stamped with the last raw edge's time (when the contact
/// actually settled). A gap of exactly `debounce` already counts as quiet.
struct Debouncer: Sendable {
    let debounce: Duration
    /// The debounced level.
    private(set) var accepted: Bool
    /// The level of the last raw edge.
    private var raw: Bool
    /// When the last raw edge happened.
    private var lastRawEdge: Instant?
    /// When the current quiet window ends; nil when the line is quiet.
    private(set) var windowEnd: Instant?

    init(debounce: Duration, pressed: Bool = false) {
        self.debounce = debounce
        accepted = pressed
        raw = pressed
    }

    /// True while a bounce window is open with the raw level away from the accepted one:
    /// the accepted level may still change, at the last raw edge's time or later.
    var changePending: Bool { windowEnd != nil && raw != accepted }

    /// The instant up to which the accepted level is final, given that time has reached
    /// `now`: while a change is pending, only up to the last raw edge.
    func settled(until now: Instant) -> Instant {
        if changePending, let last = lastRawEdge { return min(last, now) }
        return now
    }

    /// Feeds a raw edge at `t` (after `expire(at: t)`). Returns the new accepted level
    /// when the edge is a leading edge that changes it, nil for bounce.
    mutating func edge(pressed: Bool, at t: Instant) -> Bool? {
        let quiet = windowEnd == nil
        raw = pressed
        lastRawEdge = t
        windowEnd = t + debounce
        guard quiet, pressed != accepted else { return nil }
        accepted = pressed
        return pressed
    }

    /// Closes the quiet window if it has ended by `now`. Returns the settled change (new
    /// level, stamped at the last raw edge) when the raw level differs from the accepted one.
    mutating func expire(at now: Instant) -> (pressed: Bool, at: Instant)? {
        guard let end = windowEnd, end <= now else { return nil }
        windowEnd = nil
        guard raw != accepted, let last = lastRawEdge else { return nil }
        accepted = raw
        return (raw, last)
    }

    /// Forgets any bounce in progress and takes `pressed` as the line's level.
    mutating func reset(pressed: Bool, at t: Instant) {
        accepted = pressed
        raw = pressed
        lastRawEdge = t
        windowEnd = nil
    }
}
