/// This LED's light through a light sensor, as `torch calibrate` measured it: the
/// reading with the LED dark, and the reading at each duty of a sweep up to full. From
/// it come the relative luminance at any duty (the reading over the LED's own dark and
/// full), the correction that gives each perceived level its lightness
/// (`LightCorrection`), and the reading a lit level should give (the dark-LED watch).
public struct LightCalibration: Equatable, Sendable {
    /// One step of the sweep: the duty written (0…1) and the mean reading there.
    public struct Point: Equatable, Sendable {
        public var duty: Double
        public var reading: Double

        public init(duty: Double, reading: Double) {
            self.duty = duty
            self.reading = reading
        }
    }

    /// What measured it, as the file keeps it: `bh1750 iio:device0 in_illuminance`.
    public var sensor: String
    /// The readings' unit: `lx`, `mV`.
    public var unit: String
    /// The reading with the LED dark (ambient light and the sensor's offset).
    public var dark: Double
    /// How much the dark readings spread (their largest minus smallest), the sensor's
    /// noise: a difference smaller than this is not a difference.
    public var noise: Double
    /// The sweep, duties strictly increasing in (0, 1], the last at 1 (full).
    public var points: [Point]

    /// The limits a calibration keeps to (`CalibrationFile` refuses others).
    public static let maximumPoints = 512
    /// The largest size of a reading, the dark and the noise, in the readings' unit: far
    /// above any light sensor's (sunlight is about 10^5 lx), and small enough that the
    /// file's nine decimals write every number back as a plain decimal.
    public static let maximumReading = 1e9

    public init(sensor: String, unit: String, dark: Double, noise: Double, points: [Point]) {
        self.sensor = sensor
        self.unit = unit
        self.dark = dark
        self.noise = noise
        self.points = points
    }

    /// Why these values cannot be a calibration, or nil: duties strictly increasing in
    /// (0, 1] ending at 1, at least 2 and at most `maximumPoints`, every number finite and
    /// within ±`maximumReading`, noise ≥ 0, and full light reading above the dark by more
    /// than the noise.
    public var problem: String? {
        guard points.count >= 2, points.count <= Self.maximumPoints else {
            return "it has \(points.count) duty lines: expected 2 to \(Self.maximumPoints)"
        }
        let limit = Self.maximumReading
        let limitText = "±" + DecimalSyntax.format(limit, maxFractionDigits: 0)
        guard dark.isFinite, noise.isFinite, noise >= 0, abs(dark) <= limit, noise <= limit else {
            return "its dark and noise must be numbers within \(limitText), noise at least 0"
        }
        var last = 0.0
        for p in points {
            guard p.duty.isFinite, p.reading.isFinite, p.duty > last, p.duty <= 1 else {
                return "its duties must rise strictly from above 0 to 1, with finite readings"
            }
            guard abs(p.reading) <= limit else {
                return "the reading at duty \(DecimalSyntax.format(p.duty, maxFractionDigits: 9)) is beyond \(limitText)"
            }
            last = p.duty
        }
        guard last == 1 else { return "its last duty must be 1 (the LED at full)" }
        guard full - dark > noise else {
            return "the LED at full reads \(DecimalSyntax.format(full, maxFractionDigits: 4)) against "
                + "\(DecimalSyntax.format(dark, maxFractionDigits: 4)) dark: no more than the sensor's noise "
                + "(\(DecimalSyntax.format(noise, maxFractionDigits: 4)))"
        }
        return nil
    }

    /// The reading at full (duty 1).
    public var full: Double { points.last?.reading ?? dark }

    /// A reading as a relative luminance of this LED: 0 dark, 1 full (not clamped).
    public func luminance(reading: Double) -> Double {
        let span = full - dark
        return span > 0 ? (reading - dark) / span : 0
    }

    /// The reading the sweep says duty `d` gives (between its points, along the straight
    /// line; dark at 0).
    public func expectedReading(duty d: Double) -> Double {
        let x = d.isNaN ? 0 : min(1, max(0, d))
        var previous = Point(duty: 0, reading: dark)
        for p in points {
            if x <= p.duty {
                let span = p.duty - previous.duty
                return span > 0 ? previous.reading + (p.reading - previous.reading) * (x - previous.duty) / span : p.reading
            }
            previous = p
        }
        return full
    }

    /// The lowest relative luminance the sweep could tell from dark: the first point
    /// whose reading is above the dark by more than the noise (and three times it, so a
    /// reading there means light). Levels asked for below it cannot be checked.
    public var lowestMeasurable: Double {
        let floor = dark + max(3 * noise, noise)
        guard let p = points.first(where: { $0.reading > floor }) else { return 1 }
        return min(1, max(0, luminance(reading: p.reading)))
    }

    /// The correction: for each relative luminance, the duty that gives it.
    public var correction: LightCorrection {
        LightCorrection(points.map { (duty: $0.duty, luminance: luminance(reading: $0.reading)) })
    }
}
