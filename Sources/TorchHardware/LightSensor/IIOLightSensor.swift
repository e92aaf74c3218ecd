import TorchCore

/// A light sensor through the kernel's IIO subsystem (`/sys/bus/iio/devices/iio:deviceN`):
/// its device, the channel read (`LightSensorChannel`) and how long a reading takes to
/// settle. A read is a few sysfs reads; on a sensor that measures on demand (bh1750) the
/// value's read blocks for the integration time, so it is never read on the real-time
/// thread, nor on the event loop: the sweep reads it on its own thread, the service on a
/// thread of the sensor's (`LightSensorFrontEnd`).
public final class IIOLightSensor: @unchecked Sendable {
    /// Where IIO devices are listed.
    public static let root = "/sys/bus/iio/devices"

    /// The device's directory.
    public let directory: String
    /// `iio:device0`.
    public let deviceID: String
    /// What the device's `name` attribute says (its driver's name: `bh1750`), escaped.
    public let deviceName: String
    public let channel: LightSensorChannel
    /// How long a reading takes to settle (`SensorIntegration`).
    public let integration: Duration
    private let fs: any SysfsFileSystem

    /// Opens the sensor `[sensor]` names: `device` (nil: the only IIO device with an
    /// illuminance channel), its `channel` (nil: its first illuminance channel), and the
    /// integration time (nil: the sensor's own, `SensorIntegration`). Reads nothing but
    /// the names and the integration time.
    public init(device: SensorDevice?, channel requested: String?, integrationTime: Duration?,
                fs: any SysfsFileSystem = SystemSysfs(), root: String = IIOLightSensor.root) throws(HardwareError) {
        self.fs = fs
        let found = IIOLightSensor.list(fs: fs, root: root)
        let chosen: IIODeviceListing
        switch device {
        case let .path(p)?:
            let id = p.split(separator: "/").last.map(String.init) ?? p
            guard let names = try? fs.listDirectory(p) else {
                throw HardwareError("[sensor] device \(p): no such directory (IIO devices: \(IIOLightSensor.describe(found)))", errno: 2)
            }
            chosen = IIODeviceListing(directory: p, id: id, name: IIOLightSensor.name(of: p, fs: fs), attributes: names)
        case let .number(n)?:
            guard let d = found.first(where: { $0.id == "iio:device\(n)" }) else {
                throw HardwareError("[sensor] device iio:device\(n): not in \(root) (IIO devices: \(IIOLightSensor.describe(found)))", errno: 2)
            }
            chosen = d
        case let .name(name)?:
            guard let d = found.first(where: { $0.name == name }) else {
                throw HardwareError("[sensor] device \(name): no IIO device in \(root) reports that name (IIO devices: \(IIOLightSensor.describe(found)); is its driver loaded and the sensor wired?)", errno: 2)
            }
            chosen = d
        case nil:
            let light = found.filter { d in LightSensorChannel.all(in: d.attributes).contains { $0.quantity == .illuminance } }
            guard light.count == 1, let d = light.first else {
                throw HardwareError(light.isEmpty
                    ? "no light sensor: no IIO device in \(root) has an illuminance channel (IIO devices: \(IIOLightSensor.describe(found))); set [sensor] device"
                    : "several light sensors (\(IIOLightSensor.describe(light))): set [sensor] device to one", errno: 2)
            }
            chosen = d
        }
        do {
            channel = try LightSensorChannel.choose(in: chosen.attributes, requested: requested)
        } catch {
            let what = requested.map { "[sensor] channel \(EchoedText.bounded($0))" } ?? "[sensor] device \(chosen.id) (\(chosen.name))"
            throw HardwareError("\(what): \(error.allowed)", errno: 22)
        }
        directory = chosen.directory
        deviceID = chosen.id
        deviceName = chosen.name
        if let integrationTime {
            integration = integrationTime
        } else {
            let dir = chosen.directory
            let seconds = channel.integrationTimeFile.flatMap { try? IIOLightSensor.number(dir + "/" + $0, fs: fs) }
            let hz = channel.samplingFrequencyFile.flatMap { try? IIOLightSensor.number(dir + "/" + $0, fs: fs) }
            integration = SensorIntegration.time(integrationSeconds: seconds, samplingHz: hz, driver: chosen.name)
        }
    }

    /// "bh1750 (iio:device0) in_illuminance in lx, 120 ms a reading".
    public var summary: String {
        "\(deviceName) (\(deviceID)) \(channel.name) in \(channel.quantity.unit), \(DurationSyntax.format(integration)) a reading"
    }

    /// What a calibration file records as its sensor: `bh1750 iio:device0 in_illuminance`.
    public var calibrationName: String { "\(deviceName) \(deviceID) \(channel.name)" }

    /// One reading in the channel's unit: `_input`, or `(_raw + offset) × scale` with
    /// the scale and offset read each time (a driver may change its range).
    public func read() throws(HardwareError) -> Double {
        let value = try Self.number(directory + "/" + channel.valueFile, fs: fs)
        guard channel.isRaw else { return value }
        let scale = try channel.scaleFile.map { f throws(HardwareError) in try Self.number(directory + "/" + f, fs: fs) }
        let offset = try channel.offsetFile.map { f throws(HardwareError) in try Self.number(directory + "/" + f, fs: fs) }
        return LightSensorChannel.reading(value: value, scale: scale, offset: offset)
    }

    /// One attribute as a number, or one line naming the file and what it held.
    static func number(_ path: String, fs: any SysfsFileSystem) throws(HardwareError) -> Double {
        let text: String
        do { text = try fs.readSmallFile(path) } catch {
            throw HardwareError("\(path): read failed (\(errnoText(error.code)))", errno: error.code)
        }
        do { return try IIOValue.parse(text) } catch {
            throw HardwareError("\(path): \(error)", errno: 22)
        }
    }

    // MARK: - Listing

    /// One IIO device: its directory, id, name and attribute names.
    public struct IIODeviceListing: Equatable, Sendable {
        public var directory: String
        public var id: String
        public var name: String
        public var attributes: [String]

        /// Its light channels (`LightSensorChannel.all`).
        public var channels: [LightSensorChannel] { LightSensorChannel.all(in: attributes) }
    }

    /// Every IIO device under `root`, in number order (none when there is no IIO).
    public static func list(fs: any SysfsFileSystem = SystemSysfs(), root: String = IIOLightSensor.root) -> [IIODeviceListing] {
        guard let entries = try? fs.listDirectory(root) else { return [] }
        let devices = entries.filter { $0.hasPrefix("iio:device") }
            .sorted { (Int($0.dropFirst(10)) ?? .max, $0) < (Int($1.dropFirst(10)) ?? .max, $1) }
        return devices.map { id in
            let dir = root + "/" + id
            return IIODeviceListing(directory: dir, id: id, name: name(of: dir, fs: fs),
                                    attributes: (try? fs.listDirectory(dir)) ?? [])
        }
    }

    /// A device's `name`, trimmed and escaped ("unnamed" when it has none).
    static func name(of directory: String, fs: any SysfsFileSystem) -> String {
        guard let text = try? fs.readSmallFile(directory + "/name") else { return "unnamed" }
        let t = EchoedText.bounded(text.trimmedASCII, limit: 64)
        return t.isEmpty ? "unnamed" : t
    }

    /// "iio:device0 (bh1750), iio:device1 (ads1015)" or "none".
    static func describe(_ devices: [IIODeviceListing]) -> String {
        devices.isEmpty ? "none" : devices.map { "\($0.id) (\($0.name))" }.joined(separator: ", ")
    }
}
