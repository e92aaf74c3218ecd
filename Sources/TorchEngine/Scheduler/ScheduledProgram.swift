import TorchCore

/// What the scheduler plays: a timeline at a brightness, from an instant.
public struct ScheduledProgram: Equatable, Sendable {
    /// The pattern's timeline; its levels are relative to `lightness`.
    public var timeline: Timeline
    /// Perceived lightness 0…1 that timeline level 1 stands for (the user's brightness).
    public var lightness: Double
    /// When the timeline's time zero is (CLOCK_MONOTONIC). A pattern change takes
    /// effect at once: the new program starts "now".
    public var startedAt: Instant
    /// Lightness → duty: curve and max-brightness cap.
    public var mapping: OutputMapping

    public init(timeline: Timeline, lightness: Double, startedAt: Instant, mapping: OutputMapping) {
        self.timeline = timeline
        self.lightness = lightness
        self.startedAt = startedAt
        self.mapping = mapping
    }
}

/// A program as the scheduler thread owns it: the cursor is mutated only there.
final class ProgramBox {
    var cursor: TimelineCursor
    let lightness: Double
    let startNs: Int64
    let mapping: OutputMapping
    /// When the event loop handed it over (CLOCK_MONOTONIC ns): a change it causes is
    /// intended for then, or for its start if that is later.
    var publishedNs: Int64 = 0

    init(_ p: ScheduledProgram) {
        cursor = TimelineCursor(p.timeline)
        lightness = p.lightness
        startNs = p.startedAt.nanoseconds
        mapping = p.mapping
    }
}
