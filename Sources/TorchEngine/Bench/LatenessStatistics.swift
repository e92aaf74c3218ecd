/// Edge lateness of a run: how long after its intended instant each output change was
/// written, summarised as nearest-rank percentiles, plus the run's cumulative drift.
///
/// Percentiles use the nearest-rank method: for N sorted values the p-th percentile is
/// the value at rank ⌈p/100 × N⌉ (1-based, at least 1). It is always one of the values
/// given, never an interpolation, so a p99 of L means at least 99 % of the changes were
/// L late or less and one really was L late.
public struct LatenessStatistics: Equatable, Sendable {
    /// Output changes counted.
    public var count: Int
    /// Median lateness, nanoseconds.
    public var p50: Int64
    /// 99th-percentile lateness, nanoseconds.
    public var p99: Int64
    /// 99.9th-percentile lateness, nanoseconds.
    public var p999: Int64
    /// Largest lateness, nanoseconds.
    public var max: Int64
    /// Mean lateness, nanoseconds.
    public var mean: Double
    /// Cumulative drift, nanoseconds: (last actual − first actual) − (last intended −
    /// first intended). Zero when the schedule keeps absolute deadlines, whatever the
    /// lateness of single edges; it grows when late edges push later ones back.
    public var drift: Int64

    public init(count: Int, p50: Int64, p99: Int64, p999: Int64, max: Int64, mean: Double, drift: Int64) {
        self.count = count
        self.p50 = p50
        self.p99 = p99
        self.p999 = p999
        self.max = max
        self.mean = mean
        self.drift = drift
    }

    /// All zero: there were no changes.
    public static let empty = LatenessStatistics(count: 0, p50: 0, p99: 0, p999: 0, max: 0, mean: 0, drift: 0)

    /// Summarises `stamps` in the order they were written (drift uses the first and last).
    public init(stamps: [OutputStamp]) {
        guard let first = stamps.first, let last = stamps.last else {
            self = .empty
            return
        }
        let sorted = stamps.map(\.lateness).sorted()
        var sum = 0.0
        for l in sorted { sum += Double(l) }
        self.init(count: sorted.count,
                  p50: Self.nearestRank(sorted, perMille: 500),
                  p99: Self.nearestRank(sorted, perMille: 990),
                  p999: Self.nearestRank(sorted, perMille: 999),
                  max: sorted[sorted.count - 1],
                  mean: sum / Double(sorted.count),
                  drift: (last.actual - first.actual) - (last.intended - first.intended))
    }

    /// The nearest-rank percentile of ascending `sorted` values, `perMille` in 0…1000
    /// (500 = median, 999 = p99.9): the value at rank ⌈perMille × N / 1000⌉, at least 1.
    /// Integer arithmetic, so p99 of 100 values is exactly the 99th. 0 for no values.
    public static func nearestRank(_ sorted: [Int64], perMille: Int) -> Int64 {
        guard !sorted.isEmpty else { return 0 }
        let p = Swift.min(1000, Swift.max(0, perMille))
        let rank = Swift.max(1, (sorted.count * p + 999) / 1000)
        return sorted[rank - 1]
    }
}
