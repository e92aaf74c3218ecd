#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TorchCore
import TorchHardware

/// An in-memory `/sys/bus/iio/devices` for the light-sensor tests: devices whose
/// attribute names are a driver's as the kernel makes them (`IIODriverFixture`), each
/// answering as the IIO core prints (`iio_format_value`): integers, and decimals with six
/// fraction digits. The light a device sees is a closure (a test's LED); every read of a
/// value attribute is counted, and a device can be made to fail its reads with an errno.
public final class SysfsIIODouble: SysfsFileSystem, Sendable {
    public static let root = IIOLightSensor.root

    /// One device: its attributes and what they read.
    public struct Device: Sendable {
        public var name: String
        public var attributes: [String]
        /// The light it sees now, in the channel's unit (lux, mV).
        public var light: @Sendable () -> Double
        /// Raw counts per unit: a `_raw` value reads light / scale, `_scale` reads scale.
        public var scale: Double = 0.5
        /// `integration_time` attributes, seconds.
        public var integrationSeconds: Double = 0.12
        /// `sampling_frequency` attributes, hertz.
        public var samplingHz: Double = 128
        /// Reads of value attributes fail with this errno (0: they work).
        public var failing: Int32 = 0

        public init(name: String, attributes: [String], light: @escaping @Sendable () -> Double, scale: Double = 0.5,
                    integrationSeconds: Double = 0.12, samplingHz: Double = 128) {
            self.name = name
            self.attributes = attributes
            self.light = light
            self.scale = scale
            self.integrationSeconds = integrationSeconds
            self.samplingHz = samplingHz
        }
    }

    struct State {
        var devices: [String: Device] = [:]
        var reads = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Adds `iio:deviceN` with the attributes of a fixture's channel array.
    public func add(_ id: String, _ device: Device) {
        state.withLock { $0.devices[id] = device }
    }

    /// Changes a device (its light, a failure).
    public func update(_ id: String, _ change: (inout Device) -> Void) {
        state.withLock { s in if var d = s.devices[id] { change(&d); s.devices[id] = d } }
    }

    /// Value attributes read so far.
    public var reads: Int { state.withLock { $0.reads } }

    public func readSmallFile(_ path: String) throws(SysfsErrno) -> String {
        guard let (id, attribute) = split(path) else { throw SysfsErrno(ENOENT) }
        let result: Result<String, SysfsErrno> = state.withLock { s in
            guard let d = s.devices[id], d.attributes.contains(attribute) else { return .failure(SysfsErrno(ENOENT)) }
            if attribute == "name" { return .success(d.name + "\n") }
            if attribute.hasSuffix("_raw") || attribute.hasSuffix("_input") {
                if d.failing != 0 { return .failure(SysfsErrno(d.failing)) }
                s.reads += 1
                let light = d.light()
                if attribute.hasSuffix("_raw") { return .success("\(Int((light / d.scale).rounded()))\n") }
                return .success(Self.micro(light) + "\n")
            }
            if attribute.hasSuffix("scale") { return .success(Self.micro(d.scale) + "\n") }
            if attribute.hasSuffix("offset") { return .success("0\n") }
            if attribute.hasSuffix("integration_time") { return .success(Self.micro(d.integrationSeconds) + "\n") }
            if attribute.hasSuffix("sampling_frequency") { return .success("\(Int(d.samplingHz))\n") }
            return .success("\n")
        }
        return try result.get()
    }

    public func write(_ path: String, _ value: String) -> Int32 { EACCES }

    public func openForWriting(_ path: String) throws(SysfsErrno) -> any SysfsWriteHandle { throw SysfsErrno(EACCES) }

    public func listDirectory(_ path: String) throws(SysfsErrno) -> [String] {
        let listing: [String]? = state.withLock { s in
            if path == Self.root { return Array(s.devices.keys) }
            guard let id = path.hasPrefix(Self.root + "/") ? String(path.dropFirst(Self.root.count + 1)) : nil,
                  let d = s.devices[id] else { return nil }
            return d.attributes
        }
        guard let listing else { throw SysfsErrno(ENOENT) }
        return listing
    }

    public func readLink(_ path: String) throws(SysfsErrno) -> String { throw SysfsErrno(EINVAL) }

    public func exists(_ path: String) -> Bool { (try? readSmallFile(path)) != nil || (try? listDirectory(path)) != nil }

    /// `/sys/bus/iio/devices/iio:device0/in_illuminance_raw` → ("iio:device0", "in_illuminance_raw").
    private func split(_ path: String) -> (String, String)? {
        guard path.hasPrefix(Self.root + "/") else { return nil }
        let parts = path.dropFirst(Self.root.count + 1).split(separator: "/")
        guard parts.count == 2 else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// `%d.%06u` as IIO_VAL_INT_PLUS_MICRO prints it (the sign in front, also for −0.5).
    public static func micro(_ v: Double) -> String {
        let micros = Int64((abs(v) * 1e6).rounded())
        let frac = String(micros % 1_000_000)
        return (v < 0 && micros != 0 ? "-" : "") + "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - frac.count) + frac
    }
}
