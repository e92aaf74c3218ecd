/// A program as the playback step plays it: a timeline's cursor at a brightness, from an
/// instant. The real-time thread owns it (the cursor only moves forward there); the event
/// loop builds it, so its arrays are allocated and freed off the real-time path.
public struct PlaybackProgram: Sendable {
    /// Where the timeline is; its levels are relative to `lightness`.
    public var cursor: TimelineCursor
    /// Perceived lightness 0…1 that timeline level 1 stands for (the user's brightness).
    public let lightness: Double
    /// The timeline's time zero, CLOCK_MONOTONIC nanoseconds (any value: deadlines from
    /// it saturate at Int64's ends).
    public let start: Int64
    /// Lightness → duty: curve and max-brightness cap.
    public let mapping: OutputMapping
    /// When the event loop handed it over, CLOCK_MONOTONIC nanoseconds: the change it
    /// causes is intended for then, or for `start` if that is later.
    public var handedOverAt: Int64

    public init(timeline: Timeline, lightness: Double, start: Int64, mapping: OutputMapping, handedOverAt: Int64 = 0) {
        cursor = TimelineCursor(timeline)
        self.lightness = lightness
        self.start = start
        self.mapping = mapping
        self.handedOverAt = handedOverAt
    }

    /// True when playing `timeline` at `lightness` makes the thread wake on deadlines: a
    /// timeline with steps, or a level between off and full on a binary output (software
    /// PWM). A program that needs none writes once and sleeps until the next hand-off.
    public static func needsWakeups(_ timeline: Timeline, lightness: Double, mapping: OutputMapping,
                                    binaryOutput: Bool) -> Bool {
        if !timeline.isSteady { return true }
        guard binaryOutput else { return false }
        let duty = mapping.duty(forLightness: lightness * timeline.endLevel)
        return duty > 0 && duty < 1
    }
}
