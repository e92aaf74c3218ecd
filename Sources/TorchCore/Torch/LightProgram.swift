/// What the output should do now: the engine hands it to the real-time scheduler whenever
/// `TorchStateMachine.programGeneration` changes.
public struct LightProgram: Equatable, Sendable {
    /// Levels relative to `brightness` (0 = dark, 1 = the chosen brightness);
    /// `Timeline.dark` when the light is off.
    public var timeline: Timeline
    /// The brightness the timeline's level 1 stands for.
    public var brightness: Brightness
    /// When the timeline started (its elapsed time 0). A brightness change keeps it, so a
    /// pattern keeps its phase while a ramp or a `set-brightness` changes its level.
    public var startedAt: Instant

    public init(timeline: Timeline, brightness: Brightness, startedAt: Instant) {
        self.timeline = timeline
        self.brightness = brightness
        self.startedAt = startedAt
    }

    /// True when the program emits no light at all.
    public var isDark: Bool { timeline.isSteady && timeline.endLevel == 0 }
}
