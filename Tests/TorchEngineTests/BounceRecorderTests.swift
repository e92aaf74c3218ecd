import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine

/// `torch bench button --button-line`'s plumbing: edges read from a button input (the
/// pipe double the latency bench uses, polled like a GPIO event descriptor) become the
/// analysis of exactly those edges. Timestamps are set in the past, so a train is
/// already complete when read and nothing waits on the wall clock.
@Suite struct BounceRecorderTests {
    /// A press with 3 edges, a release with 2, and a second clean press and release,
    /// stamped from `origin` (µs offsets).
    static let train: [(Int64, Bool)] = [
        (0, true), (50, false), (180, true),
        (120_000, false), (121_000, true), (121_400, false),
        (300_000, true), (420_000, false),
    ]

    static func inject(_ list: [(Int64, Bool)], into button: PipeButtonInput, origin: Instant) -> [RawEdge] {
        list.map { (us, pressed) in
            let at = origin + .microseconds(us)
            button.inject(pressed: pressed, at: at)
            return RawEdge(pressed: pressed, at: at)
        }
    }

    @Test func recordsEveryEdgeAndAnalysesThem() throws {
        let button = try PipeButtonInput(role: .on)
        defer { button.close() }
        let clock = MonotonicClock()
        let sent = Self.inject(Self.train, into: button, origin: clock.now() - .seconds(2))
        var seen: [Int] = []
        let r = try BounceRecorder(input: button, presses: 2, duration: .seconds(30)).run(clock: clock) { seen.append($0) }
        #expect(r.analysis == BounceAnalysis(edges: sent))
        #expect(r.analysis.presses == 2 && r.analysis.releases == 2)
        #expect(r.analysis.trains.map(\.edges.count) == [3, 3, 1, 1])
        #expect(r.analysis.suggestedDebounce == .milliseconds(2))   // 1 ms gap × 1.5 → 2 ms
        #expect(r.lostEdges == 0)
        #expect(seen.last == 2)
    }

    @Test func stopsAtTheDurationWithWhatItHas() throws {
        let button = try PipeButtonInput(role: .on)
        defer { button.close() }
        let clock = MonotonicClock()
        let sent = Self.inject(Array(Self.train.prefix(3)), into: button, origin: clock.now() - .seconds(1))
        let r = try BounceRecorder(input: button, presses: 5, duration: .milliseconds(200)).run(clock: clock)
        #expect(r.analysis == BounceAnalysis(edges: sent))
        #expect(r.analysis.presses == 1 && r.analysis.releases == 0)
    }

    @Test func aPressWithoutItsReleaseIsNotComplete() throws {
        // Two presses asked, two presses seen, but the button is still down: the recorder
        // keeps listening for the release (here until the duration ends).
        let button = try PipeButtonInput(role: .on)
        defer { button.close() }
        let clock = MonotonicClock()
        _ = Self.inject(Array(Self.train.prefix(7)), into: button, origin: clock.now() - .seconds(1))
        let r = try BounceRecorder(input: button, presses: 2, duration: .milliseconds(200)).run(clock: clock)
        #expect(r.analysis.presses == 2 && r.analysis.releases == 1)
        #expect(r.analysis.trains.last?.settledPressed == true)
    }
}
