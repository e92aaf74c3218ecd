import Testing
@testable import TorchCore

/// `torch bench button --button-line`'s analysis of a real button's edges, on edge trains
/// shaped like published tactile-switch bounce (Ganssle's survey: mostly under 2 ms,
/// some switches to ~6 ms, releases often worse than presses) written down as µs offsets.
@Suite struct BounceAnalysisTests {
    /// Edges from (µs since an origin, pressed) pairs; the origin is well after boot.
    static func edges(_ list: [(Int64, Bool)]) -> [RawEdge] {
        list.map { RawEdge(pressed: $0.1, at: Instant(nanoseconds: 5_000_000_000 + $0.0 * 1000)) }
    }

    /// Two presses of a typical tactile switch: the press bounces 4 edges over 310 µs, the
    /// release 6 edges over 1.9 ms (one gap of 1.2 ms), each ~150 ms down, 400 ms apart.
    static let tactile: [(Int64, Bool)] = [
        (0, true), (40, false), (95, true), (310, true),                                       // press 1 (a repeated level: a missed edge)
        (150_000, false), (150_200, true), (150_260, false), (151_460, true), (151_700, false), (151_900, false), // release 1
        (400_000, true), (400_030, false), (400_120, true),                                    // press 2
        (560_000, false),                                                                       // release 2: clean
    ]

    @Test func edgesGroupIntoOneTrainPerPressAndRelease() {
        let a = BounceAnalysis(edges: Self.edges(Self.tactile))
        #expect(a.trains.count == 4)
        #expect(a.presses == 2 && a.releases == 2 && a.glitches == 0)
        #expect(a.trains.map(\.edges.count) == [4, 6, 3, 1])
        #expect(a.trains.map(\.settledPressed) == [true, false, true, false])
        #expect(a.bouncing == 3)
        #expect(a.longestTrainNs == 1_900_000)
        #expect(a.longestGapNs == 1_200_000)
        #expect(a.shortestQuietNs == 149_690_000)   // press 1's last edge → release 1's first
    }

    @Test func theSuggestionCoversTheLongestGapInsideATrainNotItsLength() {
        let a = BounceAnalysis(edges: Self.edges(Self.tactile))
        // 1.2 ms × 1.5 = 1.8 ms → 2 ms: longer than every gap inside a train, so the
        // leading-edge debouncer (window reopened at every edge) sees each train once.
        #expect(a.suggestedDebounce == .milliseconds(2))
        #expect(!a.suggestionMergesPresses)
    }

    @Test func theSuggestionReallyDebouncesTheTrainsInTheCoreDebouncer() throws {
        let a = BounceAnalysis(edges: Self.edges(Self.tactile))
        let debounce = try #require(a.suggestedDebounce)
        var d = Debouncer(debounce: debounce)
        var changes: [Bool] = []
        for e in Self.edges(Self.tactile) {
            if let c = d.expire(at: e.at) { changes.append(c.pressed) }
            if let level = d.edge(pressed: e.pressed, at: e.at) { changes.append(level) }
        }
        if let c = d.expire(at: Instant(nanoseconds: Int64.max / 2)) { changes.append(c.pressed) }
        #expect(changes == [true, false, true, false])
        // Half the suggestion is too short: the release's 1.2 ms gap splits it.
        var short = Debouncer(debounce: debounce / 2)
        var count = 0
        for e in Self.edges(Self.tactile) {
            if short.expire(at: e.at) != nil { count += 1 }
            if short.edge(pressed: e.pressed, at: e.at) != nil { count += 1 }
        }
        #expect(count > 4)
    }

    @Test func aSwitchThatBouncesForMillisecondsGetsALongerDebounce() {
        // A worn switch: a press with 9 edges over 6.4 ms, the widest gap 4.1 ms.
        let worn: [(Int64, Bool)] = [
            (0, true), (300, false), (700, true), (1_100, false), (1_500, true), (1_900, false),
            (2_300, true), (6_400, false), (6_400, true),
            (250_000, false),
        ]
        let a = BounceAnalysis(edges: Self.edges(worn))
        #expect(a.longestGapNs == 4_100_000)
        #expect(a.suggestedDebounce == .milliseconds(7))   // 6.15 → 7
        #expect(a.presses == 1 && a.releases == 1)
    }

    @Test func aCleanButtonGetsTheOneMillisecondFloor() {
        let a = BounceAnalysis(edges: Self.edges([(0, true), (200_000, false), (500_000, true), (700_000, false)]))
        #expect(a.bouncing == 0)
        #expect(a.longestGapNs == 0)
        #expect(a.suggestedDebounce == .milliseconds(1))
    }

    @Test func theSuggestionStaysInsideTheConfigRange() {
        // Edges 40 ms apart for a second: one long train; 40 × 1.5 = 60 ms, then a gap
        // that the train gap (here 90 ms) still joins: 80 × 1.5 = 120 → 100 ms.
        var list: [(Int64, Bool)] = []
        var t: Int64 = 0
        for i in 0..<10 { list.append((t, i % 2 == 0)); t += i == 5 ? 80_000 : 40_000 }
        let a = BounceAnalysis(edges: Self.edges(list), trainGap: .milliseconds(90))
        #expect(a.trains.count == 1)
        #expect(a.suggestedDebounce == .milliseconds(100))
    }

    @Test func aSpikeThatComesBackIsAGlitchNotAPress() {
        let a = BounceAnalysis(edges: Self.edges([(0, true), (15, false), (300_000, true), (420_000, false)]))
        #expect(a.trains.count == 3)
        #expect(a.glitches == 1 && a.presses == 1 && a.releases == 1)
        #expect(a.trains[0].isGlitch)
    }

    @Test func bounceAsLongAsTheQuickestTapIsFlagged() {
        // 10 ms gaps inside a press, released 15 ms later: nothing separates them.
        let a = BounceAnalysis(edges: Self.edges([(0, true), (10_000, false), (20_000, true), (35_000, false)]),
                               trainGap: .milliseconds(11))
        #expect(a.shortestQuietNs == 15_000_000)
        #expect(a.suggestedDebounce == .milliseconds(15))
        #expect(a.suggestionMergesPresses)
        #expect(a.text(source: "test").contains("warning:"))
    }

    @Test func noEdgesMeansNoSuggestion() {
        let a = BounceAnalysis(edges: [])
        #expect(a.trains.isEmpty && a.suggestedDebounce == nil && a.shortestQuietNs == nil)
        #expect(a.text(source: "gpiochip0 line 23").contains("no edges"))
    }

    @Test func theReportListsEveryEdgeInMicrosecondsAndTheConfigLine() {
        let text = BounceAnalysis(edges: Self.edges(Self.tactile)).text(source: "pinctrl-rp1 line 23 (GPIO23)")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("button bounce on pinctrl-rp1 line 23 (GPIO23): 2 presses, 2 releases, 3 of 4 trains bounced"))
        #expect(lines[1] == "press 1     4 edges over 310.0 µs: +0.0 down, +40.0 up, +95.0 down, +310.0 down")
        #expect(lines[2].hasPrefix("release 1   6 edges over 1900.0 µs: +0.0 up, +200.0 down"))
        #expect(lines[4] == "release 2   1 edge: +0.0 up")
        #expect(text.contains("suggested: debounce = 2ms"))
    }

    @Test func theJSONCarriesEveryTrain() {
        let json = BounceAnalysis(edges: Self.edges(Self.tactile)).jsonValue.jsonText
        #expect(json.contains("\"suggested_debounce_ns\":2000000"))
        #expect(json.contains("\"edges_ns\":[0,40000,95000,310000]"))
        #expect(json.contains("\"longest_gap_ns\":1200000"))
    }
}
