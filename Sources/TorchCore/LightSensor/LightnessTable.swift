/// What `torch bench light` (and `torch calibrate`'s check) found: at each perceived
/// level, the duty the output wrote, the sensor's reading, the lightness it means (L* of
/// the relative luminance over the LED's own dark and full readings) and the CIE
/// target's (L* = the level, under `max-brightness`).
public struct LightnessTable: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        /// The level asked for, 0…1 of perceived lightness.
        public var level: Double
        /// The duty written for it, 0…1.
        public var duty: Double
        /// The mean reading there, in `unit`.
        public var reading: Double
        /// L* of what was read, 0…100.
        public var measured: Double
        /// L* asked for, 0…100.
        public var target: Double
        /// False where the target is below what the sensor could tell from dark (the
        /// error is not judged there).
        public var measurable: Bool

        /// Measured minus target, in L*.
        public var error: Double { measured - target }
    }

    public var rows: [Row]
    /// The readings with the LED dark and at full duty, and how much dark readings spread.
    public var dark: Double
    public var full: Double
    public var noise: Double
    public var unit: String
    /// What was read: `bh1750 (iio:device0) in_illuminance in lx, 120 ms a reading`.
    public var sensor: String

    public init(rows: [Row], dark: Double, full: Double, noise: Double, unit: String, sensor: String) {
        self.rows = rows
        self.dark = dark
        self.full = full
        self.noise = noise
        self.unit = unit
        self.sensor = sensor
    }

    /// The row for a level measured at `duty` reading `reading`, against the LED's dark
    /// and full: its L* and the target's (`cap`: `max-brightness`, 0…1).
    public static func row(level: Double, duty: Double, reading: Double, dark: Double, full: Double,
                           noise: Double, cap: Double = 1) -> Row {
        let span = full - dark
        let y = span > 0 ? (reading - dark) / span : 0
        let target = 100 * min(level, cap)
        // A target is measurable when its luminance is above three times the noise.
        let floor = span > 0 ? 3 * noise / span : 1
        return Row(level: level, duty: duty, reading: reading, measured: Lightness.lStar(luminance: y), target: target,
                   measurable: Lightness.luminance(lStar: target) > floor)
    }

    /// The largest |error| over the measurable rows (L*); 0 when none is.
    public var worstError: Double { rows.filter(\.measurable).map { abs($0.error) }.max() ?? 0 }

    /// The text table, one row per level.
    public var text: String {
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        func reading(_ v: Double) -> String { DecimalSyntax.fixed(v, decimals: 2) + " " + unit }
        var out = "sensor: \(sensor)\n"
        out += pad("level", 8) + pad("duty", 10) + pad("reading", 16) + pad("L*", 8) + pad("target", 8) + "error\n"
        out += pad("dark", 8) + pad("0", 10) + pad(reading(dark), 16) + "(noise \(reading(noise)))\n"
        for r in rows {
            out += pad(LevelSyntax.format(r.level), 8) + pad(DecimalSyntax.fixed(r.duty * 100, decimals: 3) + "%", 10)
                + pad(reading(r.reading), 16) + pad(DecimalSyntax.fixed(r.measured, decimals: 1), 8)
                + pad(DecimalSyntax.fixed(r.target, decimals: 1), 8)
                + (r.measurable ? (r.error >= 0 ? "+" : "") + DecimalSyntax.fixed(r.error, decimals: 1)
                                : "(below what the sensor tells from dark)") + "\n"
        }
        out += pad("full", 8) + pad("100%", 10) + reading(full) + "\n"
        return out
    }

    /// The table as JSON: the references, then one object per level.
    public var jsonValue: JSONValue {
        .object([
            JSONMember("sensor", .string(sensor)), JSONMember("unit", .string(unit)),
            JSONMember("dark", .decimal(dark, fractionDigits: 3)), JSONMember("full", .decimal(full, fractionDigits: 3)),
            JSONMember("noise", .decimal(noise, fractionDigits: 3)),
            JSONMember("worst_error_lstar", .decimal(worstError, fractionDigits: 2)),
            JSONMember("levels", .array(rows.map { r in
                .object([
                    JSONMember("level", .decimal(r.level, fractionDigits: 4)), JSONMember("duty", .decimal(r.duty, fractionDigits: 6)),
                    JSONMember("reading", .decimal(r.reading, fractionDigits: 3)),
                    JSONMember("lstar", .decimal(r.measured, fractionDigits: 2)), JSONMember("target_lstar", .decimal(r.target, fractionDigits: 2)),
                    JSONMember("error_lstar", .decimal(r.error, fractionDigits: 2)), JSONMember("measurable", .bool(r.measurable)),
                ])
            })),
        ])
    }
}
