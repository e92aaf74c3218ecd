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

/// A program as the scheduler thread owns it: its cursor moves only there, and the box is
/// freed by the event loop (`ProgramHandoff`), never by the real-time thread.
final class ProgramBox {
    var program: PlaybackProgram

    init(_ p: ScheduledProgram) {
        program = PlaybackProgram(timeline: p.timeline, lightness: p.lightness, start: p.startedAt.nanoseconds,
                                  mapping: p.mapping)
    }
}
