/// A point on the monotonic clock (CLOCK_MONOTONIC), in nanoseconds since an
/// arbitrary origin (boot, on Linux). Kernel edge-event timestamps use the same clock,
/// so button edges and output deadlines can be compared directly.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the clock's origin.
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = Instant(nanoseconds: 0)

    public static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }

    public static func + (a: Instant, d: Duration) -> Instant {
        Instant(nanoseconds: a.nanoseconds &+ d.nanoseconds)
    }

    public static func - (a: Instant, d: Duration) -> Instant {
        Instant(nanoseconds: a.nanoseconds &- d.nanoseconds)
    }

    /// The time from `b` to `a` (negative when `a` is earlier).
    public static func - (a: Instant, b: Instant) -> Duration {
        .nanoseconds(a.nanoseconds &- b.nanoseconds)
    }

    public var description: String { "\(nanoseconds)ns" }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating at ±292 years.
    public var nanoseconds: Int64 {
        let (s, atto) = components
        let (mul, o1) = s.multipliedReportingOverflow(by: 1_000_000_000)
        if o1 { return s < 0 ? Int64.min : Int64.max }
        let (sum, o2) = mul.addingReportingOverflow(atto / 1_000_000_000)
        if o2 { return s < 0 ? Int64.min : Int64.max }
        return sum
    }

    /// The duration in seconds as a floating-point value.
    public var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }

    /// A duration from seconds, rounded to the nearest nanosecond; saturating at ±292
    /// years (NaN is 0), so no value traps the conversion.
    public static func seconds(fromDouble value: Double) -> Duration {
        if let ns = Int64(exactly: (value * 1e9).rounded()) { return .nanoseconds(ns) }
        return .nanoseconds(value.isNaN ? 0 : value < 0 ? Int64.min : Int64.max)
    }
}
