/// Whether the LED gives light when it is lit: the service's watch on a light sensor's
/// readings (`[sensor]`), against what this LED gave when `torch calibrate` measured it.
/// A steady light at a duty that should read well above the sensor's dark value, read
/// dark a few integration times in a row, is "LED dark" (a broken LED, a loose wire); a
/// reading with light clears it. Readings are judged only when they can tell: the light
/// has been steady at one duty for two integration times (a continuous sensor reports
/// the conversion before the last), and the level is bright enough that dark and lit
/// differ by more than the sensor's noise.
public struct DarkLEDWatch: Equatable, Sendable {
    /// Readings in a row that read dark before the LED is called dark.
    public static let darkReadings = 3
    /// A level is watched when it should read at least this share of the LED's full
    /// light above dark (10 %: L* ≈ 38).
    public static let watchedAbove = 0.1
    /// A reading is dark when it rises less than this share of the expected rise.
    public static let darkBelow = 0.25

    public var calibration: LightCalibration
    /// A steady light: its duty (0…1) and since when.
    public struct Steady: Equatable, Sendable {
        public var duty: Double
        public var since: Instant
    }

    /// The light as it is driven: steady at a duty since an instant, or not steady.
    public private(set) var steady: Steady?
    /// True while the LED is called dark.
    public private(set) var isDark = false
    /// Dark readings in a row since the last reading with light or light change.
    public private(set) var darkInARow = 0

    public init(calibration: LightCalibration) {
        self.calibration = calibration
    }

    /// What a judged reading changed.
    public enum Change: Equatable, Sendable {
        /// The LED reads dark where `expected` was due (the reading, the expected, in the
        /// sensor's unit).
        case darkened(reading: Double, expected: Double)
        /// It reads light again.
        case readsAgain(reading: Double)
    }

    /// The light is steady at `duty` from `since` on (nil: changing, or a pattern).
    public mutating func light(steadyAt duty: Double?, since: Instant) {
        let next = duty.map { Steady(duty: $0, since: since) }
        if let next, next.duty == steady?.duty { return }
        steady = next
        darkInARow = 0
    }

    /// True when `duty` should read well above the dark value.
    public func watches(duty: Double) -> Bool {
        let rise = calibration.expectedReading(duty: duty) - calibration.dark
        return duty > 0 && calibration.luminance(reading: calibration.expectedReading(duty: duty)) >= Self.watchedAbove
            && rise > 4 * calibration.noise
    }

    /// True while readings can be judged: a steady light at a watched duty.
    public var wantsReadings: Bool { steady.map { watches(duty: $0.duty) } ?? false }

    /// A reading that ended at `at`, integrating over `integration`: judged when the
    /// light was steady and watched since two integration times before it.
    public mutating func reading(_ value: Double, at: Instant, integration: Duration) -> Change? {
        guard let s = steady, watches(duty: s.duty), at - s.since >= integration * 2, value.isFinite else { return nil }
        let expected = calibration.expectedReading(duty: s.duty)
        let dark = value - calibration.dark < Self.darkBelow * (expected - calibration.dark)
        if dark {
            darkInARow += 1
            if !isDark && darkInARow >= Self.darkReadings {
                isDark = true
                return .darkened(reading: value, expected: expected)
            }
            return nil
        }
        darkInARow = 0
        guard isDark else { return nil }
        isDark = false
        return .readsAgain(reading: value)
    }
}
