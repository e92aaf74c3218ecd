import TorchCore

/// `[sensor]`: a light sensor looking at the LED, through the kernel's IIO subsystem:
/// which device and channel, and how long a reading integrates. `torch bench light` and
/// `torch calibrate` read it; `torch run` watches the LED with it (`SensorFrontEndKind`).
public enum SensorSection: FrontEndSection {
    public struct Settings: Equatable, Sendable {
        /// `device`: the IIO device; nil: no sensor set (the benches then take the only one
        /// there is).
        public var device: SensorDevice? = nil
        /// `channel`: the channel to read (`in_illuminance`, `in_voltage0`); nil: the
        /// device's first illuminance channel.
        public var channel: String? = nil
        /// `integration-time`: how long one reading takes to settle; nil: the sensor's own.
        public var integrationTime: Duration? = nil
        /// `watch`: the service watches the LED with the sensor ("LED dark").
        public var watch = true

        public init() {}
    }

    public static let name = "sensor"
    public static let defaults = Settings()

    public static let intro = ConfigSectionIntro(
        "A light sensor looking at the LED (a bh1750, a VEML7700 through the veml6030 driver, an opt3001, a tsl2563 or tsl2591, or a photodiode on an ADC such as the ti-ads1015), read through the kernel's IIO subsystem in /sys/bus/iio/devices; torch probe lists the ones it finds. torch bench light measures the LED's lightness at each level with it, torch calibrate corrects the levels from it, and torch run watches the LED (LED dark: a lit LED that reads dark). A lux sensor integrates the light over 25 to 800 ms: it sees the mean light, never the PWM's flicker.")

    public static let keys: [SectionKey<Settings>] = [
        SectionKey(
            "device",
            "The IIO device: iio:deviceN, the name its driver reports (its name file: bh1750, veml6030, opt3001, tsl2563, tsl2591, ads1015; the first such device), or its directory under /sys. Without it the service reads no sensor, and torch bench light and torch calibrate use the only IIO device with an illuminance channel.",
            allowed: "iio:deviceN, a device name, or a /sys/bus/iio/devices/… path", default: nil, example: "bh1750"
        ) { s, v throws(ValueError) in s.device = try SensorDevice.parse(v) },
        SectionKey(
            "channel",
            "The channel to read, as its attributes start: in_illuminance, in_illuminance0, or an ADC's in_voltageN (a photodiode's voltage, in mV after the kernel's scale). Its _input is read, else its _raw with the scale and offset the device gives. Without it, the device's first illuminance channel.",
            allowed: "in_illuminance[N] or in_voltageN", default: nil, example: "in_voltage0"
        ) { s, v throws(ValueError) in s.channel = try channel(v) },
        SectionKey(
            "integration-time",
            "How long one reading takes to settle: what torch bench light and torch calibrate wait after each level change (twice this, then the readings), and how often the service reads. Without it, the sensor's own integration_time, else 1/sampling_frequency, else 402ms for a tsl2563, else 800ms.",
            allowed: "a duration from 1ms to 10s", default: nil, example: "120ms"
        ) { s, v throws(ValueError) in s.integrationTime = try ConfigValue.duration(v, in: .milliseconds(1)...(.seconds(10))) },
        SectionKey(
            "watch",
            "With a device set, the service reads the light whenever the LED is lit steadily at a level that should read well above the sensor's dark value (torch calibrate measured both), and calls the LED dark when it reads dark three readings in a row: one log line, led_dark in the status, torch_led_dark in the metrics and a problem sensor in Home Assistant; it clears when the light reads again.",
            allowed: "yes or no", default: "yes", example: "no"
        ) { s, v throws(ValueError) in s.watch = try BoolSyntax.parse(v) },
    ]

    /// `channel`: `in_illuminance`, `in_illuminance<N>` or `in_voltage<N>`.
    static func channel(_ v: String) throws(ValueError) -> String {
        let allowed = "in_illuminance, in_illuminanceN or in_voltageN (N a channel number)"
        for prefix in ["in_illuminance", "in_voltage"] where v.hasPrefix(prefix) {
            let index = v.dropFirst(prefix.count)
            guard index.count <= 4, index.allSatisfy({ $0.isASCII && $0.isNumber }), !(prefix == "in_voltage" && index.isEmpty) else { break }
            return v
        }
        throw ValueError(value: v, allowed: allowed)
    }
}
