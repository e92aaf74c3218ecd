import TorchCore
import TorchHardware

/// `torch bench light` and `torch calibrate`: the output held at one duty after another
/// by a real-time scheduler (hardware PWM, or software PWM on a line), and a light
/// sensor read at each once the light settled: twice the sensor's integration time after
/// the change (a continuous sensor reports the conversion before the last), then
/// `readsPerStep` readings an integration time apart, their mean kept. Never on the
/// pattern thread: the readings are taken here, the light is the scheduler's.
public final class LightSweep {
    public let output: any LightOutput
    public let settings: SchedulerSettings
    /// The sensor's integration time (`SensorIntegration`).
    public let integration: Duration
    /// One blocking reading in the sensor's unit, or why it failed.
    public let read: () -> Result<Double, HardwareError>
    /// Readings per step (their mean is the step's), and with the LED dark.
    public var readsPerStep = 3
    public var darkReads = 6
    private let clock = MonotonicClock()
    private var scheduler: PatternScheduler?

    public init(output: any LightOutput, settings: SchedulerSettings, integration: Duration,
                read: @escaping () -> Result<Double, HardwareError>) {
        self.output = output
        self.settings = settings
        self.integration = integration
        self.read = read
    }

    /// The readings at one duty: their mean, lowest and highest.
    public struct Step: Equatable, Sendable {
        public var duty: Double
        public var mean: Double
        public var low: Double
        public var high: Double
    }

    /// Starts the scheduler (dark).
    public func start() throws(HardwareError) {
        let s = PatternScheduler(output: output, settings: settings)
        try s.start()
        scheduler = s
    }

    /// Dark, the scheduler stopped (the caller closes the output).
    public func stop() {
        scheduler?.stop()
        scheduler = nil
    }

    /// Holds `duty` (0…1, as the output writes it), waits for the light to settle, reads.
    public func measure(duty: Double, reads: Int) throws(HardwareError) -> Step {
        let d = min(1, max(0, duty))
        scheduler?.play(ScheduledProgram(timeline: .steady(1), lightness: d, startedAt: clock.now(),
                                         mapping: OutputMapping(curve: .linear)))
        clock.sleep(until: clock.now() + integration * 2)
        var values: [Double] = []
        for _ in 0..<max(1, reads) {
            let started = clock.now()
            switch read() {
            case let .success(v): values.append(v)
            case let .failure(e): throw e
            }
            let next = started + integration
            if clock.now() < next { clock.sleep(until: next) }
        }
        let mean = values.reduce(0, +) / Double(values.count)
        return Step(duty: d, mean: mean, low: values.min() ?? mean, high: values.max() ?? mean)
    }

    /// The perceived levels through `mapping`, against the LED's own dark and full
    /// readings (measured first and last): the table `torch bench light` prints.
    /// `progress` gets each step's label before it is measured.
    public func lightness(levels: [Double], mapping: OutputMapping, sensor: String, unit: String,
                          progress: (String) -> Void = { _ in }) throws(HardwareError) -> LightnessTable {
        progress("dark")
        let dark = try measure(duty: 0, reads: darkReads)
        var steps: [(level: Double, step: Step)] = []
        for level in levels {
            let duty = mapping.duty(forLightness: level)
            progress("\(LevelSyntax.format(level)) → duty \(LevelSyntax.format(duty))")
            steps.append((level, try measure(duty: duty, reads: readsPerStep)))
        }
        progress("full")
        let full = try measure(duty: 1, reads: readsPerStep)
        let noise = dark.high - dark.low
        let rows = steps.map { s in
            LightnessTable.row(level: s.level, duty: s.step.duty, reading: s.step.mean, dark: dark.mean, full: full.mean,
                               noise: noise, cap: mapping.maxBrightness)
        }
        return LightnessTable(rows: rows, dark: dark.mean, full: full.mean, noise: noise, unit: unit, sensor: sensor)
    }

    /// This LED's response: dark, then each of `duties` (rising, the last 1): what
    /// `torch calibrate` stores.
    public func response(duties: [Double], sensor: String, unit: String,
                         progress: (String) -> Void = { _ in }) throws(HardwareError) -> LightCalibration {
        progress("dark")
        let dark = try measure(duty: 0, reads: darkReads)
        var points: [LightCalibration.Point] = []
        for (i, d) in duties.enumerated() {
            progress("duty \(LevelSyntax.format(d)) (\(i + 1) of \(duties.count))")
            points.append(.init(duty: d, reading: try measure(duty: d, reads: readsPerStep).mean))
        }
        return LightCalibration(sensor: sensor, unit: unit, dark: dark.mean, noise: dark.high - dark.low, points: points)
    }

    /// `n` duties from above 0 to 1, denser where the eye and an LED's dead zone need
    /// them: (k/n)^2.5 for k = 1…n (n = 24: 0.035 %, 0.2 %, 0.5 % … 90 %, 100 %).
    public static func calibrationDuties(_ n: Int) -> [Double] {
        let steps = max(2, n)
        return (1...steps).map { k in
            let x = Double(k) / Double(steps)
            return x * x * x.squareRoot()
        }
    }

    /// `n` levels from 1/n to 1 (n = 10: 10 %, 20 % … 100 %).
    public static func levels(_ n: Int) -> [Double] {
        let steps = max(1, n)
        return (1...steps).map { Double($0) / Double(steps) }
    }
}
