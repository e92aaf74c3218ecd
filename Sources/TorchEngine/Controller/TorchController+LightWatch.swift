import TorchCore

/// The dark-LED watch: the light sensor's readings against this LED's calibration. The
/// programs played tell it when the light is steady and at which duty; a reading that
/// changes its verdict is one log line and a status change (`led_dark`: the status,
/// `/metrics`, Home Assistant's problem sensor).
extension TorchController {
    /// The watch the settings ask for: a sensor that watches, and a calibration to judge by.
    static func lightWatch(_ settings: ControllerSettings) -> DarkLEDWatch? {
        guard settings.watchesLight, let c = settings.mapping.calibration else { return nil }
        return DarkLEDWatch(calibration: c)
    }

    /// True while a reading would be judged: the sensor's front end reads only then.
    public var wantsLightReadings: Bool { !isStopped && (lightWatch?.wantsReadings ?? false) }

    /// Hands `program` to the scheduler and tells the watch what the light does now.
    func play(_ program: ScheduledProgram) {
        effects.append(.play(program))
        guard lightWatch != nil else { return }
        let t = program.timeline
        var steadyAt: Double? = nil
        var since = max(now, program.startedAt)
        if t.isSteady {
            steadyAt = program.mapping.duty(forLightness: program.lightness * t.endLevel)
        } else if let n = t.repeatCount {
            // A finite timeline (a transition's fade) holds its end level once it is over.
            steadyAt = program.mapping.duty(forLightness: program.lightness * t.endLevel)
            since = program.startedAt + .nanoseconds(t.period.nanoseconds.saturatingMultiplied(by: Int64(n)))
            since = max(since, now)
        }
        lightWatch?.light(steadyAt: steadyAt, since: since)
    }

    /// A sensor reading: judged by the watch; a new verdict is logged and told.
    func lightRead(_ r: LightReading, at time: Instant) {
        guard !isStopped, var watch = lightWatch else { return }
        let change = watch.reading(r.value, at: time, integration: r.integration)
        lightWatch = watch
        guard let change else { return }
        let unit = r.unit
        func v(_ x: Double) -> String { DecimalSyntax.format(x, maxFractionDigits: 2) + " " + unit }
        switch change {
        case let .darkened(reading, expected):
            log("light sensor: the LED reads dark (\(v(reading)), where this level gave \(v(expected)) and dark "
                + "\(v(watch.calibration.dark))): a broken LED or a loose wire? (said again when it reads light)", .error)
        case let .readsAgain(reading):
            log("light sensor: the LED reads light again (\(v(reading)))", .notice)
        }
        now = max(now, time)
        settle()
    }
}

/// One light-sensor reading: its value in `unit` and the time it integrated over.
public struct LightReading: Equatable, Sendable {
    public var value: Double
    public var unit: String
    public var integration: Duration

    public init(value: Double, unit: String, integration: Duration) {
        self.value = value
        self.unit = unit
        self.integration = integration
    }
}
