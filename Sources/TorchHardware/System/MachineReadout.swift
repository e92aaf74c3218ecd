#if canImport(Glibc)
import Glibc
#endif
import TorchCore

/// The machine values the effects and the readout show: the load average
/// (/proc/loadavg), the CPU temperature (/sys/class/thermal) and the board's IPv4
/// address (getifaddrs). Each read is one line of error naming the file or call.
public enum MachineReadout {
    public static let loadAveragePath = "/proc/loadavg"
    public static let thermalRoot = "/sys/class/thermal"

    /// The 1-minute load average.
    public static func loadAverage(path: String = loadAveragePath) throws(HardwareError) -> Double {
        guard let text = try AtomicFile.readFile(path) else {
            throw HardwareError("\(path): does not exist (no procfs?)", errno: ENOENT)
        }
        guard let v = MachineReadings.loadAverage(text) else {
            throw HardwareError("\(path): '\(text.prefix(40))' does not start with a load average", errno: EINVAL)
        }
        return v
    }

    /// The CPU temperature in whole °C and the zone it came from (`thermal_zone0`).
    public static func cpuTemperature(root: String = thermalRoot) throws(HardwareError) -> (celsius: Int, zone: String) {
        let names: [String]
        do { names = try SystemSysfs().listDirectory(root) } catch {
            throw HardwareError("\(root): cannot list: \(String(cString: strerror(error.code))) (no thermal zones on this machine?)", errno: error.code)
        }
        var zones: [(name: String, type: String)] = []
        for n in names where n.hasPrefix("thermal_zone") {
            let type = (try? AtomicFile.readFile("\(root)/\(n)/type")) ?? nil
            zones.append((n, type?.trimmedASCII ?? ""))
        }
        guard let zone = MachineReadings.cpuZone(zones) else {
            throw HardwareError("\(root): no thermal_zone* here: this machine reports no temperature", errno: ENOENT)
        }
        let path = "\(root)/\(zone)/temp"
        guard let text = try AtomicFile.readFile(path) else { throw HardwareError("\(path): does not exist", errno: ENOENT) }
        guard let c = MachineReadings.celsius(millidegrees: text) else {
            throw HardwareError("\(path): '\(text.trimmedASCII.prefix(40))' is not a temperature in millidegrees", errno: EINVAL)
        }
        return (c, zone)
    }

    /// Every interface's IPv4 addresses, in the kernel's order.
    public static func interfaceAddresses() throws(HardwareError) -> [MachineReadings.InterfaceAddress] {
        var list: UnsafeMutablePointer<ifaddrs>? = nil
        guard getifaddrs(&list) == 0 else {
            let e = errno
            throw HardwareError("getifaddrs: \(String(cString: strerror(e)))", errno: e)
        }
        defer { freeifaddrs(list) }
        var all: [MachineReadings.InterfaceAddress] = []
        var p = list
        while let entry = p {
            defer { p = entry.pointee.ifa_next }
            guard let sa = entry.pointee.ifa_addr, sa.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            let bytes: [UInt8] = sa.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
                withUnsafeBytes(of: sin.pointee.sin_addr.s_addr) { Array($0) }  // network order: first byte first
            }
            let flags = entry.pointee.ifa_flags
            all.append(.init(name: String(cString: entry.pointee.ifa_name),
                             isUp: flags & UInt32(IFF_UP) != 0,
                             isLoopback: flags & UInt32(IFF_LOOPBACK) != 0, ipv4: bytes))
        }
        return all
    }

    /// The board's address for the readout (`MachineReadings.boardAddress`).
    public static func boardAddress() throws(HardwareError) -> MachineReadings.InterfaceAddress {
        let all = try interfaceAddresses()
        guard let a = MachineReadings.boardAddress(all) else {
            let seen = all.map { "\($0.name) \($0.ipv4.map(String.init).joined(separator: "."))\($0.isUp ? "" : " (down)")" }
            throw HardwareError("no network interface is up with an IPv4 address other than loopback (seen: \(seen.isEmpty ? "none" : seen.joined(separator: ", ")))", errno: ENETDOWN)
        }
        return a
    }
}
