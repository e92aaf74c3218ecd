/// How long one reading of a light sensor takes to settle: what a sweep waits after a
/// level change before it trusts a reading, and how often the service reads. Lux sensors
/// integrate over 25–800 ms: each reading is the mean light over that time, never the
/// PWM's ripple.
public enum SensorIntegration {
    /// The sensor's own `integration_time` (seconds) first; else a conversion at its
    /// `sampling_frequency` (hertz) takes 1/f; else the driver's known default (tsl2563
    /// has no attribute: 402 ms, the chip's longest); else `unknown`, long enough for
    /// any lux sensor. Clamped to 1 ms…10 s.
    public static func time(integrationSeconds: Double?, samplingHz: Double?, driver: String) -> Duration {
        var seconds: Double
        if let s = integrationSeconds, s.isFinite, s > 0 {
            seconds = s
        } else if let f = samplingHz, f.isFinite, f > 0 {
            seconds = 1 / f
        } else if let d = driverDefaults[driver] {
            return d
        } else {
            return unknown
        }
        seconds = min(10, max(0.001, seconds))
        return .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    /// The longest integration of the lux sensors torch knows (opt3001's and tsl2591's
    /// long modes): what an unknown sensor is given.
    public static let unknown = Duration.milliseconds(800)

    /// Drivers with no integration-time attribute, by the `name` they report.
    public static let driverDefaults: [String: Duration] = ["tsl2563": .milliseconds(402)]
}
