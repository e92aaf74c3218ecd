import TorchCore
import TorchEngine

/// The config's output mapping and scheduler settings (the torch's own settings and
/// pattern library come from `TorchSettings(config:library:)` and
/// `PatternLibrary(config:)`).
enum SettingsFactory {
    static func mapping(_ c: TorchConfig, curve: BrightnessCurve?) -> OutputMapping {
        OutputMapping(curve: curve ?? c.light.curve, maxBrightness: c.light.maxBrightness.fraction)
    }

    static func scheduler(_ c: TorchConfig) -> SchedulerSettings {
        SchedulerSettings(realtimePriority: c.service.schedulerPriority, lockMemory: true,
                          softPWMFrequency: c.output.softPWMFrequency, holdCPULatency: c.service.cpuLatency,
                          shareCPU: c.service.shareCPU)
    }
}
