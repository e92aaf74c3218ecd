/// A PWM controller the machine has, as /sys/class/pwm shows it.
public struct DetectedPWMChip: Equatable, Sendable {
    /// The sysfs name, e.g. `pwmchip2`. Not stable across kernels: match on `device`.
    public var name: String
    /// The controller's device name (last part of `pwmchipN/device`), e.g.
    /// `1f00098000.pwm`; empty when the link could not be read.
    public var device: String
    /// `npwm`: how many channels it has (0 ..< channelCount).
    public var channelCount: Int
    /// The channels exported now (a `pwmN/` directory exists), sorted.
    public var exported: [Int]

    public init(name: String, device: String, channelCount: Int, exported: [Int] = []) {
        self.name = name
        self.device = device
        self.channelCount = channelCount
        self.exported = exported
    }

    /// "pwmchip2 [1f00098000.pwm]".
    public var label: String { device.isEmpty ? name : "\(name) [\(device)]" }
}
