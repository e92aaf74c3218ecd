import TorchCore
import TorchHardware

/// The light sensor in the service (`[sensor]`): reads it on its own thread
/// (`LightSensorReader`) while the controller can judge a reading (a steady light at a
/// watched level) and hands each one to the controller's dark-LED watch. A failing read
/// is one log line, and one more when it reads again. Reports the last reading and the
/// failed reads in `GET /metrics`.
public final class LightSensorFrontEnd: FrontEnd {
    let reader: LightSensorReader
    let unit: String
    /// What it reads, for the log ("bh1750 (iio:device0) in_illuminance …").
    let summary: String
    private var failing = false
    private var failures = 0
    private var lastReading: Double?

    init(reader: LightSensorReader, unit: String, summary: String) {
        self.reader = reader
        self.unit = unit
        self.summary = summary
    }

    public var pollDescriptors: [Int32] { [reader.descriptor] }

    public func begin(banner: [String]) -> Bool { false }

    public func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {
        guard ready.contains(reader.descriptor) else { return }
        for t in reader.take() {
            switch t.result {
            case let .success(v):
                lastReading = v
                if failing {
                    failing = false
                    controller.handle(.report("light sensor: reads again (\(DecimalSyntax.format(v, maxFractionDigits: 2)) \(unit))", .notice))
                }
                controller.handle(.reading(.light(LightReading(value: v, unit: unit, integration: reader.integration)), at: t.at))
            case let .failure(e):
                failures += 1
                guard !failing else { continue }
                failing = true
                controller.handle(.report("light sensor: \(e) (said once until it reads again)", .warning))
            }
        }
    }

    public func refresh(at now: Instant, controller: TorchController, duty: Double) {
        reader.active = controller.wantsLightReadings
    }

    public func metricFamilies() -> [MetricFamily] {
        var out: [MetricFamily] = []
        if let v = lastReading {
            out.append(.labelled("torch_light_sensor_reading", .gauge, help: "The light sensor's last reading, in its unit (lx, or mV for an ADC).",
                                 label: "unit", [(unit, v)]))
        }
        out.append(.single("torch_light_sensor_read_failures_total", .counter, help: "Light sensor reads that failed.", Double(failures)))
        return out
    }

    public func close() { reader.stop() }
}
