#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchCore
import TorchHardware

/// The readout's and the heartbeat's machine values, read for real: /proc/loadavg,
/// getifaddrs, and a thermal tree laid out as the kernel's.
@Suite struct MachineReadoutTests {
    @Test func readsThisMachinesLoadAverage() throws {
        let load = try MachineReadout.loadAverage()
        #expect(load >= 0 && load.isFinite)
    }

    @Test func aMissingOrBadLoadFileIsOneLine() throws {
        let dir = try TemporaryDirectory()
        #expect(throws: HardwareError.self) { try MachineReadout.loadAverage(path: dir.path + "/none") }
        let bad = dir.path + "/loadavg"
        let fd = open(bad, O_WRONLY | O_CREAT, 0o644)
        _ = "busy\n".withCString { write(fd, $0, 5) }
        close(fd)
        do {
            _ = try MachineReadout.loadAverage(path: bad)
            Issue.record("accepted")
        } catch {
            #expect(error.message == "\(bad): 'busy\n' does not start with a load average" || error.message.contains("does not start with a load average"))
        }
    }

    @Test func listsLoopbackAndPicksNoLoopbackAddress() throws {
        let all = try MachineReadout.interfaceAddresses()
        #expect(all.contains { $0.isLoopback && $0.ipv4 == [127, 0, 0, 1] }, "\(all)")
        if let board = try? MachineReadout.boardAddress() {
            #expect(!board.isLoopback && board.isUp && board.ipv4.count == 4)
        }
    }

    /// A thermal tree as the kernel lays it out: the CPU zone by its type, millidegrees
    /// rounded to whole degrees; no zones at all is an error naming the directory.
    @Test func cpuTemperatureFromAThermalTree() throws {
        let dir = try TemporaryDirectory()
        func put(_ path: String, _ text: String) {
            let fd = open(dir.path + "/" + path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = text.withCString { write(fd, $0, strlen($0)) }
            close(fd)
        }
        do {
            _ = try MachineReadout.cpuTemperature(root: dir.path)
            Issue.record("no zones, no temperature")
        } catch {
            #expect(error.message.contains("no thermal_zone*"), "\(error)")
        }
        mkdir(dir.path + "/thermal_zone0", 0o755)
        mkdir(dir.path + "/thermal_zone1", 0o755)
        put("thermal_zone0/type", "acpitz\n")
        put("thermal_zone0/temp", "27800\n")
        put("thermal_zone1/type", "cpu-thermal\n")
        put("thermal_zone1/temp", "51600\n")
        defer {
            for f in ["thermal_zone0/type", "thermal_zone0/temp", "thermal_zone1/type", "thermal_zone1/temp"] {
                unlink(dir.path + "/" + f)
            }
            rmdir(dir.path + "/thermal_zone0")
            rmdir(dir.path + "/thermal_zone1")
        }
        let t = try MachineReadout.cpuTemperature(root: dir.path)
        #expect(t.celsius == 52 && t.zone == "thermal_zone1")
        put("thermal_zone1/temp", "warm\n")
        #expect(throws: HardwareError.self) { try MachineReadout.cpuTemperature(root: dir.path) }
    }
}
