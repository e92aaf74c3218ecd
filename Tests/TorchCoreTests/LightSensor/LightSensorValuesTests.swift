import Testing
import TorchCore
import TorchTestSupport

/// What a light sensor's sysfs attributes hold, as the IIO core prints them, and the
/// `[sensor] device` and channel names.
@Suite struct LightSensorValuesTests {
    @Test func iioValuesReadAsTheCorePrintsThem() throws {
        #expect(try IIOValue.parse("183\n") == 183)
        #expect(try IIOValue.parse("0.120000\n") == 0.12)
        #expect(try IIOValue.parse("-0.500000") == -0.5)
        #expect(try IIOValue.parse("1.500000000\n") == 1.5)
        for bad in ["", "\n", "12 34", "0.1 dB", "+3", "1e3", "nan", String(repeating: "9", count: 41), "0x10"] {
            let e = try requireThrows(ValueError.self) { try IIOValue.parse(bad) }
            #expect(e.allowed == IIOValue.allowed, "\(bad)")
        }
    }

    @Test func rawValuesAreOffsetThenScaled() {
        #expect(LightSensorChannel.reading(value: 200, scale: 0.5, offset: nil) == 100)
        #expect(LightSensorChannel.reading(value: 200, scale: 0.5, offset: -10) == 95)
        #expect(LightSensorChannel.reading(value: 42.5, scale: nil, offset: nil) == 42.5)
    }

    @Test func theChannelIsChosenByTheKernelsNames() throws {
        // Shared by type and by all: the channel's own first, then the type's, then everyone's.
        let c = try LightSensorChannel.choose(in: ["name", "in_illuminance0_raw", "in_illuminance_scale", "integration_time"],
                                              requested: nil)
        #expect(c.name == "in_illuminance0" && c.scaleFile == "in_illuminance_scale" && c.integrationTimeFile == "integration_time")
        // _input wins over _raw, and then no scale is read.
        let both = try LightSensorChannel.choose(in: ["in_illuminance_raw", "in_illuminance_input", "in_illuminance_scale"], requested: nil)
        #expect(both.valueFile == "in_illuminance_input" && both.scaleFile == nil)
        // An ADC: only by name; its sampling frequency when it has no integration time.
        let adc = ["in_voltage0_raw", "in_voltage0_scale", "in_voltage0_sampling_frequency", "in_voltage1_raw", "in_voltage0-voltage1_raw"]
        #expect(LightSensorChannel.all(in: adc).map(\.name) == ["in_voltage0", "in_voltage1"])
        let v = try LightSensorChannel.choose(in: adc, requested: "in_voltage0_raw")
        #expect(v.quantity == .voltage && v.samplingFrequencyFile == "in_voltage0_sampling_frequency" && v.quantity.unit == "mV")
        let none = try requireThrows(ValueError.self) { try LightSensorChannel.choose(in: adc, requested: nil) }
        #expect(none.allowed.contains("or [sensor] channel set to one of in_voltage0 or in_voltage1"), "\(none.allowed)")
        let missing = try requireThrows(ValueError.self) { try LightSensorChannel.choose(in: adc, requested: "in_voltage7") }
        #expect(missing.allowed == "a light channel of this device: in_voltage0 or in_voltage1")
        // Modifiers are not light channels (in_intensity_both_raw, in_illuminance_ir_raw).
        #expect(LightSensorChannel.all(in: ["in_intensity_both_raw", "in_illuminance_ir_raw"]).isEmpty)
    }

    @Test func integrationTimeComesFromTheSensorElseItsDriver() {
        #expect(SensorIntegration.time(integrationSeconds: 0.12, samplingHz: nil, driver: "bh1750") == .milliseconds(120))
        #expect(SensorIntegration.time(integrationSeconds: nil, samplingHz: 250, driver: "ads1015") == .milliseconds(4))
        #expect(SensorIntegration.time(integrationSeconds: nil, samplingHz: nil, driver: "tsl2563") == .milliseconds(402))
        #expect(SensorIntegration.time(integrationSeconds: nil, samplingHz: nil, driver: "mystery") == .milliseconds(800))
        #expect(SensorIntegration.time(integrationSeconds: 99, samplingHz: nil, driver: "") == .seconds(10))
        #expect(SensorIntegration.time(integrationSeconds: -1, samplingHz: 0, driver: "x") == .milliseconds(800))
    }

    @Test func sensorDevicesAreNamedThreeWays() throws {
        #expect(try SensorDevice.parse("iio:device0") == .number(0))
        #expect(try SensorDevice.parse("bh1750") == .name("bh1750"))
        #expect(try SensorDevice.parse("/sys/bus/iio/devices/iio:device2/") == .path("/sys/bus/iio/devices/iio:device2"))
        for bad in ["iio:device", "iio:deviceX", "/etc/passwd", "/sys/../etc", "two words", "bh1750;rm", ""] {
            let e = try requireThrows(ValueError.self) { try SensorDevice.parse(bad) }
            #expect(e.allowed == SensorDevice.allowed, "\(bad)")
        }
    }

    @Test func lightnessBothWaysIsTheCIECurve() {
        for lStar in stride(from: 0.0, through: 100, by: 2.5) {
            let y = Lightness.luminance(lStar: lStar)
            #expect(abs(Lightness.lStar(luminance: y) - lStar) < 1e-9, "\(lStar)")
        }
        #expect(abs(Lightness.luminance(lStar: 50) - 0.18419) < 1e-5)
        #expect(Lightness.lStar(luminance: 1) == 100 && Lightness.lStar(luminance: 0) == 0)
        #expect(Lightness.lStar(luminance: 2) == 100 && Lightness.lStar(luminance: .nan) == 0)
    }
}
