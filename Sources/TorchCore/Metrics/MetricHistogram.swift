/// Counts of observations in fixed buckets (upper bounds, ascending, in the metric's
/// base unit), their sum and count: what a Prometheus histogram exposes. The bounds are
/// fixed when it is made, so observing never allocates.
public struct MetricHistogram: Equatable, Sendable {
    /// Upper bounds (inclusive, Prometheus's `le`), ascending.
    public let bounds: [Double]
    /// Observations per bucket (not cumulative): counts[i] fell in (bounds[i-1], bounds[i]].
    public private(set) var counts: [Int]
    /// Observations above the last bound (only in `+Inf`).
    public private(set) var overflow = 0
    /// Sum of every observation.
    public private(set) var sum = 0.0
    /// Observations in all.
    public var count: Int { counts.reduce(overflow, +) }

    /// `bounds` are sorted and deduplicated; non-finite ones are dropped (`+Inf` is implied).
    public init(bounds: [Double]) {
        var b: [Double] = []
        for v in bounds.sorted() where v.isFinite && b.last != v { b.append(v) }
        self.bounds = b
        counts = [Int](repeating: 0, count: b.count)
    }

    /// Adds one observation; a NaN is ignored (it has no bucket).
    public mutating func observe(_ value: Double) {
        guard !value.isNaN else { return }
        sum += value
        // Few buckets (a dozen or two): a linear search is as quick as a binary one.
        for i in bounds.indices where value <= bounds[i] {
            counts[i] += 1
            return
        }
        overflow += 1
    }

    /// 1, 2, 5 × 10ⁿ for n from `low` below `high`, then 1 × 10^`high`: bounds that read
    /// in round numbers (`decades(-6, 0)`: 1 µs … 1 s). Each
    /// bound is read from its decimal text, so it is the double nearest 2e-05, not a
    /// product of rounding errors.
    public static func decades(_ low: Int, _ high: Int) -> [Double] {
        guard low <= high else { return [] }
        var out: [Double] = []
        for e in low...high {
            for m in e == high ? [1] : [1, 2, 5] {
                if let v = Double("\(m)e\(e)") { out.append(v) }
            }
        }
        return out
    }
}
