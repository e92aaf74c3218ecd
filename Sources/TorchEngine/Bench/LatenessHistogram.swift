/// Lateness counts in equal bins from 0: bin i holds lateness in [i × binWidth,
/// (i + 1) × binWidth). The bin width is the smallest of 1, 2, 5, 10, 20, 50 … µs that
/// keeps the bin count within `maxBins`, so the axis reads in round numbers.
public struct LatenessHistogram: Equatable, Sendable {
    /// Width of one bin, nanoseconds.
    public var binWidth: Int64
    /// Count per bin, from lateness 0 up to the bin holding the largest lateness.
    public var counts: [Int]

    /// - Parameter latenesses: nanoseconds; negative values (early, never expected) count in bin 0.
    public init(latenesses: [Int64], maxBins: Int = 60) {
        let largest = latenesses.max() ?? 0
        let limit = max(1, maxBins)
        var width: Int64 = 1000
        var step = 0
        while largest / width + 1 > Int64(limit) {
            // 1 → 2 → 5 → 10 …: multiply by 2, 2.5, 2 in turn.
            width = step % 3 == 1 ? width * 5 / 2 : width * 2
            step += 1
        }
        var counts = [Int](repeating: 0, count: Int(max(0, largest) / width) + 1)
        for l in latenesses { counts[Int(max(0, l) / width)] += 1 }
        self.binWidth = width
        self.counts = latenesses.isEmpty ? [] : counts
    }

    /// The largest count in one bin (0 when empty).
    public var peak: Int { counts.max() ?? 0 }
}
