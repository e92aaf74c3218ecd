import TorchCore
import TorchEngine
import TorchHardware

/// The config's output mapping and scheduler settings (the torch's own settings and
/// pattern library come from `TorchSettings(config:library:)` and
/// `PatternLibrary(config:)`).
enum SettingsFactory {
    /// The config's curve and cap, with this LED's calibration when there is one.
    static func mapping(_ c: TorchConfig, curve: BrightnessCurve?, calibration: LightCalibration? = nil) -> OutputMapping {
        OutputMapping(curve: curve ?? c.light.curve, maxBrightness: c.light.maxBrightness.fraction, calibration: calibration)
    }

    /// The LED's calibration beside the state file (`torch calibrate`): nil when there is
    /// none, with a one-line warning when the file cannot be used (the curve is then
    /// used as it is).
    static func calibration(statePath: String) -> (LightCalibration?, warning: String?) {
        switch CalibrationStore(statePath: statePath).load() {
        case let .success(c): return (c, nil)
        case let .failure(e): return (nil, "torch: calibration: \(e); the levels are not corrected")
        }
    }

    /// `[sensor]` asks the service to watch the LED.
    static func watchesLight(_ c: TorchConfig) -> Bool {
        let s = c[SensorSection.self]
        return s.device != nil && s.watch
    }

    static func scheduler(_ c: TorchConfig) -> SchedulerSettings {
        SchedulerSettings(realtimePriority: c.service.schedulerPriority, lockMemory: true,
                          softPWMFrequency: c.output.softPWMFrequency, holdCPULatency: c.service.cpuLatency,
                          shareCPU: c.service.shareCPU)
    }
}
