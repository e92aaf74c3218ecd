/// A real button's contact bounce, from the raw edges of its line (`torch bench button
/// --button-line`): the edges grouped into trains, one per press or release, and the
/// `debounce` that would make each train count once.
///
/// Edges closer than `trainGap` to the previous one belong to the same train. The core's
/// leading-edge `Debouncer` reopens its quiet window at every raw edge, so a train is one
/// change exactly when every gap *inside* it is shorter than `debounce`: the suggestion
/// follows the longest such gap (not the train's length), with a margin, and must stay
/// below the shortest time between trains (a quick tap), or real presses would merge.
public struct BounceAnalysis: Equatable, Sendable {
    /// One press or release: the edges from the first to the last before a quiet gap.
    public struct Train: Equatable, Sendable {
        /// The level the contact settled at (the last edge's): true = pressed.
        public var settledPressed: Bool
        /// The level before the train; equal to `settledPressed` for a glitch (a spike
        /// that came back, e.g. interference on a long wire).
        public var fromPressed: Bool
        /// The edges, in order.
        public var edges: [RawEdge]

        /// First edge to last edge, in nanoseconds (0 for a clean, single edge).
        public var lengthNs: Int64 { (edges.last?.at.nanoseconds ?? 0).saturatingSubtracting(edges.first?.at.nanoseconds ?? 0) }

        /// The longest gap between consecutive edges, in nanoseconds (0 for one edge).
        public var longestGapNs: Int64 {
            var longest: Int64 = 0
            for i in edges.indices.dropFirst() {
                longest = max(longest, edges[i].at.nanoseconds.saturatingSubtracting(edges[i - 1].at.nanoseconds))
            }
            return longest
        }

        /// True when the train ends at the level it started from: not a press or release.
        public var isGlitch: Bool { settledPressed == fromPressed }
    }

    /// Edges closer than this belong to one train. 50 ms: longer than any tactile
    /// switch's bounce (5–20 ms) and shorter than a deliberate tap.
    public static let defaultTrainGap: Duration = .milliseconds(50)
    /// The suggestion is the longest in-train gap times this, rounded up to a millisecond.
    public static let margin = 1.5
    /// `debounce`'s allowed range in the config (0…100 ms); a suggestion stays inside it.
    public static let longestDebounce: Duration = .milliseconds(100)
    /// The smallest suggestion: 1 ms, so a button that showed no bounce in the sample
    /// still has a window against the bounce it will show on a worse day.
    public static let shortestDebounce: Duration = .milliseconds(1)

    public var trains: [Train]
    public var trainGap: Duration

    /// - Parameters:
    ///   - edges: raw edges in the order the kernel reported them (timestamps ascending).
    ///   - initiallyPressed: the line's level before the first edge.
    public init(edges: [RawEdge], initiallyPressed: Bool = false, trainGap: Duration = BounceAnalysis.defaultTrainGap) {
        self.trainGap = trainGap
        let gap = max(0, trainGap.nanoseconds)
        var trains: [Train] = []
        var level = initiallyPressed
        for e in edges {
            if var last = trains.last, let prev = last.edges.last,
               e.at.nanoseconds.saturatingSubtracting(prev.at.nanoseconds) < gap {
                last.edges.append(e)
                last.settledPressed = e.pressed
                trains[trains.count - 1] = last
            } else {
                if let last = trains.last { level = last.settledPressed }
                trains.append(Train(settledPressed: e.pressed, fromPressed: level, edges: [e]))
            }
        }
        self.trains = trains
    }

    /// Trains that pressed the button.
    public var presses: Int { trains.filter { !$0.isGlitch && $0.settledPressed }.count }
    /// Trains that released it.
    public var releases: Int { trains.filter { !$0.isGlitch && !$0.settledPressed }.count }
    /// Trains with more than one edge.
    public var bouncing: Int { trains.filter { $0.edges.count > 1 }.count }
    /// The longest train, first to last edge, nanoseconds.
    public var longestTrainNs: Int64 { trains.map(\.lengthNs).max() ?? 0 }
    /// The longest gap inside any train, nanoseconds: what `debounce` must exceed.
    public var longestGapNs: Int64 { trains.map(\.longestGapNs).max() ?? 0 }
    /// The shortest time from one train's last edge to the next train's first (the
    /// quickest press or release the sample has), nanoseconds; nil with one train.
    public var shortestQuietNs: Int64? {
        var shortest: Int64? = nil
        for i in trains.indices.dropFirst() {
            guard let end = trains[i - 1].edges.last, let start = trains[i].edges.first else { continue }
            let q = start.at.nanoseconds.saturatingSubtracting(end.at.nanoseconds)
            shortest = min(shortest ?? q, q)
        }
        return shortest
    }

    /// The `debounce` to configure: the longest in-train gap × `margin`, rounded up to a
    /// whole millisecond, within 1…100 ms. Nil without any edge.
    public var suggestedDebounce: Duration? {
        guard !trains.isEmpty else { return nil }
        let scaled = (Double(longestGapNs) * Self.margin / 1e6).rounded(.up)
        let ms = Int64(exactly: scaled) ?? Self.longestDebounce.nanoseconds / 1_000_000
        let clamped = min(max(ms, Self.shortestDebounce.nanoseconds / 1_000_000), Self.longestDebounce.nanoseconds / 1_000_000)
        return .milliseconds(clamped)
    }

    /// True when the suggestion is not shorter than the quickest press in the sample:
    /// no `debounce` separates this button's bounce from its presses.
    public var suggestionMergesPresses: Bool {
        guard let s = suggestedDebounce, let q = shortestQuietNs else { return false }
        return s.nanoseconds >= q
    }
}
