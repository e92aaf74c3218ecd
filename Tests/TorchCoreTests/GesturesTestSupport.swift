import TorchCore

/// An instant `n` milliseconds after the origin.
func atMs(_ n: Int64) -> Instant { Instant(nanoseconds: n * 1_000_000) }

/// An instant `n` microseconds after the origin (for sub-millisecond bounce).
func atUs(_ n: Int64) -> Instant { Instant(nanoseconds: n * 1_000) }

/// Drives a recognizer as the event loop would: it wakes only at `nextDeadline` or at an
/// edge, and records every gesture with the instant the loop was at when it came out.
struct GestureLoop {
    var recognizer: GestureRecognizer
    /// Every gesture but `.clicksEnded` (the press-by-press view the debounce tests take).
    var gestures: [Gesture] = []
    /// Every gesture, `.clicksEnded` included.
    var all: [Gesture] = []
    /// For each gesture, the instant the loop had reached when it was emitted.
    var emittedAt: [Instant] = []
    var wakeUps: [Instant] = []

    init(_ timing: GestureTiming = .standard) { recognizer = GestureRecognizer(timing: timing) }

    /// Runs deadlines up to and including `t`.
    mutating func run(until t: Instant) {
        while let d = recognizer.nextDeadline, d <= t {
            wakeUps.append(d)
            record(recognizer.advance(to: d), at: d)
        }
    }

    /// Runs deadlines before the edge, then the edge.
    mutating func edge(_ pressed: Bool, at t: Instant) {
        while let d = recognizer.nextDeadline, d < t {
            wakeUps.append(d)
            record(recognizer.advance(to: d), at: d)
        }
        record(recognizer.handle(RawEdge(pressed: pressed, at: t)), at: t)
    }

    /// A clean press at `from` and release at `to` (no bounce).
    mutating func click(_ from: Instant, _ to: Instant) {
        edge(true, at: from)
        edge(false, at: to)
    }

    private mutating func record(_ gs: [Gesture], at t: Instant) {
        all += gs
        let pressWise = gs.filter { $0.kind != .clicksEnded }
        gestures += pressWise
        emittedAt += pressWise.map { _ in t }
    }
}
