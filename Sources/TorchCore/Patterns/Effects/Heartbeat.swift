/// The heartbeat: the kernel's heartbeat LED trigger (drivers/leds/trigger/
/// ledtrig-heartbeat.c), in user space. Each cycle is a 70 ms beat, a pause to a quarter
/// of the period, a second 70 ms beat, and a pause to the period's end. The period
/// follows the 1-minute load average with the trigger's hyperbola:
/// `period = 300 + 6720 / (5 × load + 7)` ms — 1260 ms idle, 860 ms at load 1,
/// 510 ms at load 5, towards 300 ms.
public struct Heartbeat: LightEffect {
    static let name = "heartbeat"
    static let summary = "two beats, faster with the load average"
    static let manual = "Two 70 ms beats per cycle, as the kernel's heartbeat LED trigger; the period is 300 + 6720 / (5 × load + 7) ms with the 1-minute load average from /proc/loadavg (read every 5 s while it plays; a new period starts at the end of the cycle)."
    static var parameters: [EffectParameter<Heartbeat>] { [] }

    init() {}

    func timeline(loadAverage: Double) -> Timeline { Self.timeline(loadAverage: loadAverage) }

    /// One beat's light.
    public static let beat: Duration = .milliseconds(70)
    /// The largest load average taken as it is (above it the period is 300 ms to the
    /// millisecond anyway); a negative, NaN or infinite reading counts as 0 or this.
    public static let maximumLoad = 1_000_000.0

    /// The cycle length for a 1-minute load average, in whole milliseconds as the
    /// trigger computes it.
    public static func period(loadAverage: Double) -> Duration {
        let load = loadAverage.isNaN ? 0 : min(max(loadAverage, 0), maximumLoad)
        let ms = 300 + (6720 / (5 * load + 7)).rounded(.down)
        return .milliseconds(Int64(ms))
    }

    public static func timeline(loadAverage: Double) -> Timeline {
        let p = period(loadAverage: loadAverage)
        let quarter = Duration.nanoseconds(p.nanoseconds / 1_000_000 / 4 * 1_000_000)
        return Timeline(steps: [.hold(1, beat), .hold(0, quarter - beat), .hold(1, beat), .hold(0, p - quarter - beat)])
    }
}

extension Effect {
    /// A heartbeat: two 70 ms beats then a pause, its period following the 1-minute load
    /// average as the kernel's heartbeat trigger does (1.26 s idle, 0.86 s at load 1,
    /// 0.51 s at load 5, towards 0.3 s). The load reaches it through the state machine.
    public static let heartbeat = Effect(Heartbeat())
}

extension Heartbeat {
    /// True when `timeline` is a heartbeat cycle (at any load): two 70 ms beats, each
    /// followed by a pause, repeating.
    public static func isHeartbeat(_ timeline: Timeline) -> Bool {
        let s = timeline.steps
        guard s.count == 4, timeline.repeatCount == nil, !s.contains(where: \.ramp) else { return false }
        return s[0] == .hold(1, beat) && s[2] == .hold(1, beat) && s[1].level == 0 && s[3].level == 0
    }
}
