import Testing
import TorchCore
@testable import TorchEngine

/// The lateness histogram's bins and the SVG picture's structure.
@Suite struct BenchSVGTests {
    /// A 100 Hz blink's stamps: change i at 5 ms × i, `latenesses[i]` ns late.
    private func blinkStamps(_ latenesses: [Int64]) -> [OutputStamp] {
        latenesses.enumerated().map { i, l in
            let intended = 5_000_000 * Int64(i + 1)
            return OutputStamp(intended: intended, actual: intended + l, duty: i % 2 == 0 ? 1 : 0)
        }
    }

    private func occurrences(_ needle: String, in haystack: String) -> Int {
        haystack.split(separator: needle, omittingEmptySubsequences: false).count - 1
    }

    @Test func histogramUsesOneMicrosecondBinsWhenTheyFit() {
        let h = LatenessHistogram(latenesses: [0, 500, 1_000, 1_999, 5_200, -30])
        #expect(h.binWidth == 1_000)
        #expect(h.counts == [3, 2, 0, 0, 0, 1])
        #expect(h.peak == 3)
    }

    @Test func histogramWidensBinsOneTwoFive() {
        #expect(LatenessHistogram(latenesses: [59_999], maxBins: 60).binWidth == 1_000)
        #expect(LatenessHistogram(latenesses: [60_000], maxBins: 60).binWidth == 2_000)
        #expect(LatenessHistogram(latenesses: [150_000], maxBins: 60).binWidth == 5_000)
        #expect(LatenessHistogram(latenesses: [500_000], maxBins: 60).binWidth == 10_000)
        #expect(LatenessHistogram(latenesses: [1_000_000], maxBins: 60).binWidth == 20_000)
        let h = LatenessHistogram(latenesses: [1_000_000, 0], maxBins: 60)
        #expect(h.counts.count <= 60)
        #expect(h.counts.reduce(0, +) == 2)
    }

    @Test func emptyHistogram() {
        let h = LatenessHistogram(latenesses: [])
        #expect(h.counts.isEmpty)
        #expect(h.peak == 0)
    }

    @Test func svgHasOneBarPerNonEmptyBinAndOneDotPerShownChange() throws {
        // Lateness 1.5, 1.2, 3.0, 10.0 µs … : non-empty 1 µs bins are 1, 3 and 10.
        let stamps = blinkStamps([1_500, 1_200, 3_000, 10_000, 1_100, 3_500])
        let svg = SVGPlot.render(stamps: stamps, statistics: LatenessStatistics(stamps: stamps),
                                 title: "test <run> & co", timelineChanges: 4)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(occurrences("<rect class=\"bar\"", in: svg) == 3)
        #expect(occurrences("<circle class=\"edge\"", in: svg) == 4)
        // Step plots: a change after the first adds two points, so 4 changes → 7 points.
        let actual = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<polyline class=\"actual\"") })
        let points = try #require(actual.split(separator: "\"").dropFirst(3).first)
        #expect(points.split(separator: " ").count == 7)
        #expect(svg.contains("test &lt;run&gt; &amp; co"))
        #expect(!svg.contains("<run>"))
    }

    @Test func svgElementsAreBalanced() {
        let stamps = blinkStamps((0..<300).map { Int64($0 % 17) * 700 })
        let svg = SVGPlot.render(stamps: stamps, statistics: LatenessStatistics(stamps: stamps), title: "t")
        #expect(occurrences("<svg", in: svg) == 1)
        #expect(occurrences("</svg>", in: svg) == 1)
        #expect(occurrences("<g ", in: svg) == occurrences("</g>", in: svg))
        #expect(occurrences("<text ", in: svg) == occurrences("</text>", in: svg))
        #expect(occurrences("<title>", in: svg) == occurrences("</title>", in: svg))
        #expect(occurrences("<circle class=\"edge\"", in: svg) == 40)
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    @Test func svgOfAnEmptyRunSaysSo() {
        let svg = SVGPlot.render(stamps: [], statistics: .empty, title: "nothing")
        #expect(svg.hasPrefix("<svg"))
        #expect(occurrences("no changes measured", in: svg) == 2)
        #expect(occurrences("class=\"bar\"", in: svg) == 0)
    }

    @Test func svgFromAReportUsesItsStamps() {
        let stamps = blinkStamps([2_000, 2_000, 9_000])
        let report = BenchReport(label: "blink", backend: "sim", realtime: "normal",
                                 statistics: LatenessStatistics(stamps: stamps), cpuPercent: 0,
                                 wakeupsPerSecond: 0, duration: .seconds(1), stamps: stamps)
        let svg = SVGPlot.render(report)
        #expect(svg.contains("blink on sim, 1.0 s"))
        #expect(occurrences("<rect class=\"bar\"", in: svg) == 2)
        #expect(occurrences("<circle class=\"edge\"", in: svg) == 3)
    }
}
