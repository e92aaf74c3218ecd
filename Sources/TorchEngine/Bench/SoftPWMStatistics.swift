import TorchCore

/// How closely software PWM on a binary output (a GPIO line) kept its duty cycle, from
/// the line's on/off changes: each period runs from one rising edge to the next, its
/// duty is on-time ÷ period from the *actual* instants, and its error is the distance
/// from the target in percentage points. Percentiles are nearest-rank, as in
/// `LatenessStatistics`.
public struct SoftPWMStatistics: Equatable, Sendable {
    /// Complete periods in the trace (rising edge, falling edge, next rising edge).
    public var periods: Int
    /// Duty cycle the periods should have had, 0…1.
    public var targetDuty: Double
    /// Mean duty the trace shows, 0…1.
    public var meanDuty: Double
    /// Median |traced − target| duty, in percentage points (0…100).
    public var errorP50: Double
    /// 99th-percentile duty error, percentage points.
    public var errorP99: Double
    /// Largest duty error, percentage points.
    public var errorMax: Double
    /// Mean period the trace shows, nanoseconds.
    public var meanPeriod: Double

    public init(periods: Int, targetDuty: Double, meanDuty: Double, errorP50: Double, errorP99: Double,
                errorMax: Double, meanPeriod: Double) {
        self.periods = periods
        self.targetDuty = targetDuty
        self.meanDuty = meanDuty
        self.errorP50 = errorP50
        self.errorP99 = errorP99
        self.errorMax = errorMax
        self.meanPeriod = meanPeriod
    }

    /// - Parameters:
    ///   - stamps: the output's changes in the order written (duty 1 = on, 0 = off).
    ///   - targetDuty: the duty cycle software PWM was asked for, 0…1.
    public init(stamps: [OutputStamp], targetDuty: Double) {
        var errors: [Double] = []
        var dutySum = 0.0
        var periodSum = 0.0
        var rise: Int64? = nil
        var fall: Int64? = nil
        for s in stamps {
            if s.duty > 0 {
                if let r = rise, let f = fall, f >= r, s.actual > r {
                    let period = Double(s.actual - r)
                    let duty = Double(f - r) / period
                    dutySum += duty
                    periodSum += period
                    errors.append((duty - targetDuty).magnitude * 100)
                }
                rise = s.actual
                fall = nil
            } else if rise != nil, fall == nil {
                fall = s.actual
            }
        }
        guard !errors.isEmpty else {
            self.init(periods: 0, targetDuty: targetDuty, meanDuty: 0, errorP50: 0, errorP99: 0, errorMax: 0, meanPeriod: 0)
            return
        }
        errors.sort()
        func rank(_ perMille: Int) -> Double { errors[max(1, (errors.count * perMille + 999) / 1000) - 1] }
        let n = Double(errors.count)
        self.init(periods: errors.count, targetDuty: targetDuty, meanDuty: dutySum / n,
                  errorP50: rank(500), errorP99: rank(990), errorMax: errors[errors.count - 1],
                  meanPeriod: periodSum / n)
    }

    /// One line: the target duty and frequency, the periods, the mean duty and the
    /// error's p50, p99 and maximum in points (`BenchSoftPWMTests` checks it).
    public var text: String {
        let hz = meanPeriod > 0 ? 1e9 / meanPeriod : 0
        return "software PWM \(DecimalSyntax.fixed(targetDuty * 100, decimals: 1)) % at \(DecimalSyntax.fixed(hz, decimals: 1)) Hz: "
            + "\(periods) periods, mean duty \(DecimalSyntax.fixed(meanDuty * 100, decimals: 1)) %, "
            + "error p50 \(DecimalSyntax.fixed(errorP50, decimals: 2)) p99 \(DecimalSyntax.fixed(errorP99, decimals: 2)) "
            + "max \(DecimalSyntax.fixed(errorMax, decimals: 2)) points"
    }

    /// One JSON object on one line.
    public var json: String { jsonValue.jsonText }

    /// The figures as a JSON object (duties as fractions, errors in percentage points).
    public var jsonValue: JSONValue {
        .object([
            JSONMember("periods", .number(Double(periods))),
            JSONMember("target_duty", .decimal(targetDuty, fractionDigits: 4)),
            JSONMember("mean_duty", .decimal(meanDuty, fractionDigits: 4)),
            JSONMember("duty_error_p50_points", .decimal(errorP50, fractionDigits: 3)),
            JSONMember("duty_error_p99_points", .decimal(errorP99, fractionDigits: 3)),
            JSONMember("duty_error_max_points", .decimal(errorMax, fractionDigits: 3)),
            JSONMember("mean_period_ns", .decimal(meanPeriod, fractionDigits: 1)),
        ])
    }
}
