import Testing
import TorchCore
@testable import TorchEngine

/// Lateness statistics on hand-made stamps: nearest-rank percentiles, mean, drift.
@Suite struct BenchStatisticsTests {
    /// Stamps 10 ms apart whose lateness is `latenesses[i]` nanoseconds.
    private func benchStamps(_ latenesses: [Int64]) -> [OutputStamp] {
        latenesses.enumerated().map { i, l in
            let intended = 1_000_000_000 + Int64(i) * 10_000_000
            return OutputStamp(intended: intended, actual: intended + l, duty: i % 2 == 0 ? 1 : 0)
        }
    }

    @Test func emptyInputIsAllZero() {
        let s = LatenessStatistics(stamps: [])
        #expect(s == .empty)
        #expect(s.count == 0 && s.p99 == 0 && s.max == 0 && s.drift == 0 && s.mean == 0)
    }

    @Test func oneStampIsEveryPercentile() {
        let s = LatenessStatistics(stamps: benchStamps([7_000]))
        #expect(s.count == 1)
        #expect([s.p50, s.p99, s.p999, s.max] == [7_000, 7_000, 7_000, 7_000])
        #expect(s.mean == 7_000)
        #expect(s.drift == 0)
    }

    @Test func hundredValuesGiveExactNearestRanks() {
        // Lateness 1…100 µs, shuffled: p50 is the 50th value, p99 the 99th, p99.9 the 100th.
        let values = (1...100).map { Int64($0) * 1000 }
        let shuffled = values.enumerated().sorted { ($0.offset * 37) % 101 < ($1.offset * 37) % 101 }.map(\.element)
        let s = LatenessStatistics(stamps: benchStamps(shuffled))
        #expect(s.count == 100)
        #expect(s.p50 == 50_000)
        #expect(s.p99 == 99_000)
        #expect(s.p999 == 100_000)
        #expect(s.max == 100_000)
        #expect(s.mean == 50_500)
    }

    @Test func nearestRankRoundsTheRankUp() {
        let sorted: [Int64] = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
        #expect(LatenessStatistics.nearestRank(sorted, perMille: 500) == 50)  // rank 5
        #expect(LatenessStatistics.nearestRank(sorted, perMille: 510) == 60)  // rank ⌈5.1⌉ = 6
        #expect(LatenessStatistics.nearestRank(sorted, perMille: 990) == 100) // rank ⌈9.9⌉ = 10
        #expect(LatenessStatistics.nearestRank(sorted, perMille: 0) == 10)    // rank at least 1
        #expect(LatenessStatistics.nearestRank(sorted, perMille: 1000) == 100)
        #expect(LatenessStatistics.nearestRank([], perMille: 500) == 0)
    }

    @Test func p999NeedsAThousandValuesToLeaveTheMaximum() {
        // 999 values of 1 µs and one of 500 µs: p99.9 = 1 µs (rank 999), max = 500 µs.
        let s = LatenessStatistics(stamps: benchStamps([Int64](repeating: 1_000, count: 999) + [500_000]))
        #expect(s.p999 == 1_000)
        #expect(s.max == 500_000)
        #expect(s.p99 == 1_000)
    }

    @Test func driftIsEndToEndSlipNotSingleEdgeLateness() {
        // A late edge in the middle does not drift; a late last edge does.
        #expect(LatenessStatistics(stamps: benchStamps([2_000, 90_000, 2_000])).drift == 0)
        #expect(LatenessStatistics(stamps: benchStamps([2_000, 3_000, 12_000])).drift == 10_000)
        // Early end relative to the start (first edge later than the last): negative drift.
        #expect(LatenessStatistics(stamps: benchStamps([5_000, 1_000])).drift == -4_000)
    }

    @Test func driftUsesStampOrderNotSortedLateness() {
        let stamps = [OutputStamp(intended: 100, actual: 150, duty: 1),
                      OutputStamp(intended: 1_100, actual: 1_110, duty: 0),
                      OutputStamp(intended: 2_100, actual: 2_400, duty: 1)]
        let s = LatenessStatistics(stamps: stamps)
        #expect(s.drift == (2_400 - 150) - (2_100 - 100))
        #expect(s.p50 == 50)
        #expect(s.max == 300)
    }
}
