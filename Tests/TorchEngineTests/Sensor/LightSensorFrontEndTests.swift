import Synchronization
import Testing
import TorchCore
import TorchHardware
import TorchTesting
@testable import TorchEngine
#if canImport(Glibc)
import Glibc
#endif

/// The sensor's front end: its own thread reads only while the controller can judge a
/// reading, hands each one over through its eventfd, says a failing read once and its
/// recovery once, and reports the last reading and the failures in the metrics; the
/// service reports `torch_led_dark` while it watches.
@Suite struct LightSensorFrontEndTests {
    static let calibration = LightCalibration(sensor: "s", unit: "lx", dark: 2, noise: 0.4,
                                              points: [.init(duty: 0.5, reading: 202), .init(duty: 1, reading: 402)])

    func controller() -> TorchController {
        var s = ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .cie, calibration: Self.calibration))
        s.watchesLight = true
        let c = TorchController(settings: s, at: MonotonicClock().now())
        c.handle(.start(at: MonotonicClock().now()))
        c.handle(.advance(to: MonotonicClock().now(), output: OutputHealth(writes: 1)))
        _ = c.takeEffects()
        return c
    }

    @Test func readsWhileWantedAndHandsEachReadingOver() throws {
        let lux = Mutex<Result<Double, HardwareError>>(.success(2))
        let reads = Atomic<Int>(0)
        let reader = try LightSensorReader(read: {
            reads.add(1, ordering: .relaxed)
            return lux.withLock { $0 }
        }, integration: .milliseconds(5), clock: MonotonicClock())
        let f = LightSensorFrontEnd(reader: reader, unit: "lx", summary: "test")
        defer { f.close() }
        try reader.start()
        let c = controller()
        // Dark: nothing wanted, nothing read.
        f.refresh(at: MonotonicClock().now(), controller: c, duty: 0)
        usleep(50_000)
        #expect(reads.load(ordering: .relaxed) == 0)
        c.handle(.request(ControlRequest(.on(.full)), from: .socket, at: MonotonicClock().now()))
        f.refresh(at: MonotonicClock().now(), controller: c, duty: 1)
        // The LED reads dark: after two integration times and three readings, LED dark.
        #expect(eventually {
            f.serve(ready: [reader.descriptor], at: MonotonicClock().now(), controller: c)
            return c.status(at: MonotonicClock().now()).ledDark == true
        })
        let effects = c.takeEffects()
        #expect(effects.contains { if case let .log(_, l) = $0 { l.hasPrefix("light sensor: the LED reads dark (2 lx") } else { false } })
        // A failing read: said once, and once when it reads again.
        lux.withLock { $0 = .failure(HardwareError("/sys/bus/iio/devices/iio:device0/in_illuminance_raw: read failed (Input/output error)", errno: 5)) }
        #expect(eventually {
            f.serve(ready: [reader.descriptor], at: MonotonicClock().now(), controller: c)
            return f.metricFamilies().contains { $0.name == "torch_light_sensor_read_failures_total" && ($0.samples.first?.value ?? 0) >= 2 }
        })
        lux.withLock { $0 = .success(380) }
        #expect(eventually {
            f.serve(ready: [reader.descriptor], at: MonotonicClock().now(), controller: c)
            return c.status(at: MonotonicClock().now()).ledDark == false
        })
        let lines = c.takeEffects().compactMap { if case let .log(_, l) = $0 { l } else { nil } }
        #expect(lines.filter { $0.hasPrefix("light sensor: /sys/bus/iio/devices/iio:device0/in_illuminance_raw: read failed") }.count == 1, "\(lines)")
        #expect(lines.contains("light sensor: reads again (380 lx)"), "\(lines)")
        #expect(lines.contains("light sensor: the LED reads light again (380 lx)"), "\(lines)")
        #expect(f.metricFamilies().contains { $0.name == "torch_light_sensor_reading" && $0.samples.first?.value == 380 })
        // Dark again: the thread stops reading.
        c.handle(.request(ControlRequest(.off), from: .socket, at: MonotonicClock().now()))
        f.refresh(at: MonotonicClock().now(), controller: c, duty: 0)
        #expect(!reader.active)
        #expect(eventually {
            let before = reads.load(ordering: .relaxed)
            usleep(20_000)
            return reads.load(ordering: .relaxed) == before
        })
    }

    /// A front end that keeps the context, for the metrics text.
    final class Commander: FrontEnd {
        var context: FrontEndContext?
        var pollDescriptors: [Int32] { [] }
        func attach(_ context: FrontEndContext) { self.context = context }
        func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {}
        func close() {}
    }

    @Test func theMetricsSayWhetherTheLEDReadsDark() {
        let clock = ManualClock()
        let commander = Commander()
        var settings = ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .cie, calibration: Self.calibration))
        settings.watchesLight = true
        var o = ServiceOptions(controller: settings, scheduler: SchedulerSettings(realtimePriority: nil, lockMemory: false),
                               frontEnds: [commander])
        o.verbose = false
        let e = EmbeddedService(output: SimulatedOutput(clock: clock), options: o, clock: clock)
        #expect(e.begin() == nil)
        let text = commander.context?.metricsText() ?? ""
        #expect(text.contains("# TYPE torch_led_dark gauge\ntorch_led_dark 0\n"), "\(text)")
        _ = e.stop()
        // No sensor watching: no such metric.
        let plain = Commander()
        var q = ServiceOptions(controller: ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .cie)),
                               scheduler: SchedulerSettings(realtimePriority: nil, lockMemory: false), frontEnds: [plain])
        q.verbose = false
        let e2 = EmbeddedService(output: SimulatedOutput(clock: clock), options: q, clock: clock)
        #expect(e2.begin() == nil)
        let plainText = plain.context?.metricsText() ?? ""
        #expect(!plainText.contains("torch_led_dark"), "\(plainText)")
        _ = e2.stop()
    }
}
