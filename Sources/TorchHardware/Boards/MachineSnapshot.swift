import TorchCore

/// What this machine has that matters to torch, read once: the device tree's identity,
/// GPIO chips (with the lines in use), PWM controllers and status LEDs.
public struct MachineSnapshot: Equatable, Sendable {
    /// `/proc/device-tree/compatible`, most specific first; empty without a device tree.
    public var compatible: [String]
    /// `/proc/device-tree/model`; nil without a device tree (x86 machines).
    public var model: String?
    /// The GPIO chips, in number order.
    public var gpioChips: [GPIOChipReport]
    /// The PWM controllers, in number order.
    public var pwmChips: [DetectedPWMChip]
    /// The LED names under /sys/class/leds, sorted.
    public var leds: [String]

    public init(compatible: [String] = [], model: String? = nil, gpioChips: [GPIOChipReport] = [],
                pwmChips: [DetectedPWMChip] = [], leds: [String] = []) {
        self.compatible = compatible
        self.model = model
        self.gpioChips = gpioChips
        self.pwmChips = pwmChips
        self.leds = leds
    }

    /// True when the kernel describes the machine with a device tree (ARM boards do).
    public var hasDeviceTree: Bool { model != nil || !compatible.isEmpty }

    /// The labels of the chips that opened.
    public var gpioChipLabels: [String] { gpioChips.compactMap(\.entry.label) }
}

/// One GPIO chip and the lines someone holds on it.
public struct GPIOChipReport: Equatable, Sendable {
    /// The chip (label and line count are nil when it could not be opened).
    public var entry: GPIOChipEntry
    /// The lines in use, with their consumers, in offset order.
    public var linesInUse: [GPIOLineInfo]
    /// Why the lines could not be listed (e.g. permission denied); nil when they were.
    public var problem: String?

    public init(entry: GPIOChipEntry, linesInUse: [GPIOLineInfo] = [], problem: String? = nil) {
        self.entry = entry
        self.linesInUse = linesInUse
        self.problem = problem
    }
}
