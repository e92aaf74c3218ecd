import Testing
import TorchCore
import TorchHardware
import TorchTesting

/// The light sensors torch names (bh1750, veml6030 for the VEML7700, opt3001, tsl2563,
/// tsl2591, a photodiode on ti-ads1015) as Linux 6.1 and 6.12 make their sysfs
/// attributes: derived from the drivers' own sources (Tests/iio/fixtures, Debian's
/// linux-source) by the IIO core's naming rules, then read by torch through the sysfs
/// double built from exactly those names.
@Suite struct IIODriverAttributeTests {
    static let versions = ["6.1", "6.12"]

    /// What torch must read from each driver: the channel, its value attribute, its scale
    /// and integration-time attributes, and the integration time it settles on.
    struct Expected: Sendable {
        var driver: String
        var array: String
        var requested: String?
        var channel: String
        var value: String
        var scale: String?
        var integrationFile: String?
        var samplingFile: String?
    }

    static let expected: [Expected] = [
        Expected(driver: "bh1750", array: "bh1750_channels", channel: "in_illuminance", value: "in_illuminance_raw",
                 scale: "in_illuminance_scale", integrationFile: "in_illuminance_integration_time"),
        Expected(driver: "veml6030", array: "veml6030_channels", channel: "in_illuminance", value: "in_illuminance_input",
                 integrationFile: "in_illuminance_integration_time"),
        Expected(driver: "opt3001", array: "opt3001_channels", channel: "in_illuminance", value: "in_illuminance_input",
                 integrationFile: "in_illuminance_integration_time"),
        Expected(driver: "tsl2563", array: "tsl2563_channels", channel: "in_illuminance0", value: "in_illuminance0_input"),
        Expected(driver: "tsl2591", array: "tsl2591_channels", channel: "in_illuminance", value: "in_illuminance_input",
                 integrationFile: "integration_time"),
        Expected(driver: "ti-ads1015", array: "ads1015_channels", requested: "in_voltage0", channel: "in_voltage0",
                 value: "in_voltage0_raw", scale: "in_voltage0_scale", samplingFile: "in_voltage0_sampling_frequency"),
    ]

    static func fixture(_ version: String, _ driver: String) throws -> IIODriverFixture {
        let core = try #require(RepoFiles.read("Tests/iio/fixtures/\(version)/industrialio-core.c"), "no core tables for \(version)")
        let text = try #require(RepoFiles.read("Tests/iio/fixtures/\(version)/\(driver).c"), "no fixture \(version)/\(driver)")
        return IIODriverFixture(text, core: IIODriverFixture.CoreTables(core))
    }

    @Test func theCoreTablesNameLightChannels() throws {
        for v in Self.versions {
            let core = IIODriverFixture.CoreTables(try #require(RepoFiles.read("Tests/iio/fixtures/\(v)/industrialio-core.c")))
            #expect(core.types["IIO_LIGHT"] == "illuminance", "\(v)")
            #expect(core.types["IIO_VOLTAGE"] == "voltage", "\(v)")
            #expect(core.postfixes["IIO_CHAN_INFO_PROCESSED"] == "input", "\(v)")
            #expect(core.postfixes["IIO_CHAN_INFO_INT_TIME"] == "integration_time", "\(v)")
            #expect(core.modifiers["IIO_MOD_LIGHT_BOTH"] == "both", "\(v)")
        }
    }

    /// What the kernel creates for each driver, spelled out once, so a change in a
    /// driver between kernels shows here.
    @Test(arguments: versions)
    func theDriversAttributesAreTheKernels(_ version: String) throws {
        let bh = try Self.fixture(version, "bh1750").arrays.first?.attributes ?? []
        #expect(bh == ["in_illuminance_integration_time", "in_illuminance_raw", "in_illuminance_scale",
                       "integration_time_available", "name"])
        let opt = try Self.fixture(version, "opt3001").arrays.first?.attributes ?? []
        #expect(opt.contains("in_illuminance_input") && opt.contains("in_illuminance_integration_time"), "\(opt)")
        let tsl = try Self.fixture(version, "tsl2563").arrays.first?.attributes ?? []
        #expect(tsl.contains("in_illuminance0_input") && tsl.contains("in_intensity_both_raw") && tsl.contains("in_intensity_ir_raw"), "\(tsl)")
        #expect(!tsl.contains { $0.contains("integration_time") }, "\(tsl)")
        let tsl91 = try Self.fixture(version, "tsl2591").arrays.first?.attributes ?? []
        #expect(tsl91.contains("in_illuminance_input") && tsl91.contains("integration_time")
                && tsl91.contains("integration_time_available") && tsl91.contains("calibscale"), "\(tsl91)")
        let veml = try Self.fixture(version, "veml6030").arrays.first?.attributes ?? []
        #expect(veml.contains("in_illuminance_raw") && veml.contains("in_illuminance_input")
                && veml.contains("in_intensity_both_input"), "\(veml)")
        let ads = try Self.fixture(version, "ti-ads1015")
        let adc = ads.arrays.first { $0.name == "ads1015_channels" }?.attributes ?? []
        #expect(adc.contains("in_voltage0_raw") && adc.contains("in_voltage0-voltage1_raw") && adc.contains("scale_available"), "\(adc)")
        #expect(ads.deviceNames == ["ads1015"])
        #expect(try Self.fixture(version, "bh1750").deviceNames.contains("bh1750"))
        #expect(try Self.fixture(version, "veml6030").deviceNames == ["veml6030"])
    }

    /// torch's channel choice on every driver's attributes, and a reading through the
    /// double built from them.
    @Test(arguments: versions)
    func torchReadsEveryDriver(_ version: String) throws {
        for e in Self.expected {
            let f = try Self.fixture(version, e.driver)
            let attributes = try #require(f.arrays.first { $0.name == e.array }?.attributes, "\(e.driver): no \(e.array)")
            let channel = try LightSensorChannel.choose(in: attributes, requested: e.requested)
            #expect(channel.name == e.channel, "\(version) \(e.driver)")
            #expect(channel.valueFile == e.value, "\(version) \(e.driver)")
            #expect(channel.scaleFile == e.scale, "\(version) \(e.driver)")
            #expect(channel.integrationTimeFile == e.integrationFile, "\(version) \(e.driver)")
            #expect(channel.samplingFrequencyFile == e.samplingFile, "\(version) \(e.driver)")

            let name = try #require(f.deviceNames.first { $0.hasPrefix(e.driver.replacingOccurrences("ti-", "")) } ?? f.deviceNames.first)
            let double = SysfsIIODouble()
            double.add("iio:device3", .init(name: name, attributes: attributes, light: { 123.25 }, scale: 0.25,
                                            integrationSeconds: 0.1, samplingHz: 250))
            let sensor = try IIOLightSensor(device: .name(name), channel: e.requested, integrationTime: nil, fs: double)
            #expect(sensor.deviceID == "iio:device3")
            #expect(abs(try sensor.read() - 123.25) < 0.25, "\(version) \(e.driver)")
            let integration: Duration = e.integrationFile != nil ? .milliseconds(100)
                : e.samplingFile != nil ? .milliseconds(4) : .milliseconds(402)
            #expect(sensor.integration == integration, "\(version) \(e.driver): \(sensor.integration)")
        }
    }
}

private extension String {
    func replacingOccurrences(_ a: String, _ b: String) -> String {
        guard let r = firstRange(of: a) else { return self }
        return String(self[..<r.lowerBound]) + b + String(self[r.upperBound...])
    }
}
