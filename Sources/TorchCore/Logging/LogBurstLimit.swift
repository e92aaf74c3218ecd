/// Lines of one kind (refused MQTT commands) logged one by one only up to a burst: the
/// first `burst` in a `window`, then counted, and the count logged as one line when the
/// window ends. A flood of bad payloads on a topic anyone may publish to (thousands a
/// second from a broken or hostile client: `make storm-test`'s MQTT storm sends one)
/// would otherwise write a line each — filling the
/// journal and costing the event loop a write per payload — while a few bad commands
/// (a typo in an automation) are each still reported whole.
public struct LogBurstLimit: Sendable {
    /// Lines logged one by one per window.
    public let burst: Int
    /// The window's length, from the first line logged in it.
    public let window: Duration
    private var windowEnd: Instant?
    private var logged = 0
    private var counted = 0

    public init(burst: Int = 20, window: Duration = .seconds(10)) {
        self.burst = max(1, burst)
        self.window = window
    }

    /// True when a line at `now` should be logged; false when it is counted instead.
    public mutating func admit(at now: Instant) -> Bool {
        if windowEnd.map({ now >= $0 }) ?? true {
            windowEnd = now + window
            logged = 0
        }
        guard logged < burst else {
            counted += 1
            return false
        }
        logged += 1
        return true
    }

    /// When the count of lines not logged is due; nil with none counted.
    public var nextDeadline: Instant? { counted > 0 ? windowEnd : nil }

    /// At or after the window's end: how many lines were counted and not logged (then
    /// forgotten); nil before it or when there were none.
    public mutating func takeCounted(at now: Instant) -> Int? {
        guard counted > 0, let end = windowEnd, now >= end else { return nil }
        defer { counted = 0 }
        return counted
    }

    /// How many lines were counted and not logged, window over or not (at a stop).
    public mutating func takeCounted() -> Int? {
        defer { counted = 0 }
        return counted > 0 ? counted : nil
    }
}
