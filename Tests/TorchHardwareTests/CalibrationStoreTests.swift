#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchCore
import TorchHardware
import TorchTestSupport

/// The LED's calibration file beside the state file: saved and read back, refused when
/// it cannot be used (one line, with its line), never read or written through a symbolic
/// link, removed by `calibrate --clear`.
@Suite struct CalibrationStoreTests {
    let calibration = LightCalibration(sensor: "bh1750 iio:device0 in_illuminance", unit: "lx", dark: 0.8, noise: 0.25,
                                       points: [.init(duty: 0.25, reading: 30.5), .init(duty: 1, reading: 412.25)])

    @Test func itLivesBesideTheStateFile() {
        #expect(CalibrationStore(statePath: "/var/lib/torch/state").path == "/var/lib/torch/calibration")
        #expect(CalibrationStore(statePath: "state").path == "calibration")
    }

    @Test func savedReadBackAndCleared() throws {
        let dir = try TemporaryDirectory()
        let store = CalibrationStore(statePath: dir.path + "/sub/state")
        #expect(try store.load().get() == nil)
        try store.save(calibration)
        #expect(try store.load().get() == calibration)
        #expect(try store.clear())
        #expect(try store.load().get() == nil)
        #expect(try store.clear() == false)
    }

    @Test func aFileThatCannotBeUsedIsOneLine() throws {
        let dir = try TemporaryDirectory()
        let store = CalibrationStore(path: dir.path + "/calibration")
        try AtomicFile.write("version=1\nsensor=x\nunit=lx\ndark=oops\n", to: store.path)
        guard case let .failure(e) = store.load() else { Issue.record("a broken file was used"); return }
        #expect(e.message == "\(store.path): line 4: dark 'oops' is not a decimal number")
    }

    @Test func aSymbolicLinkIsRefusedAndItsTargetLeftAlone() throws {
        let dir = try TemporaryDirectory()
        let target = dir.path + "/target"
        try AtomicFile.write(CalibrationFile.encode(calibration), to: target)
        let link = dir.path + "/calibration"
        symlink(target, link)
        let store = CalibrationStore(path: link)
        guard case let .failure(e) = store.load() else { Issue.record("read through a link"); return }
        #expect(e.message.hasPrefix("\(link): is a symbolic link, refused"))
        let write = try requireThrows(HardwareError.self) { try store.save(calibration) }
        #expect(write.message.hasPrefix("\(link): is a symbolic link, refused"))
        #expect((try? AtomicFile.readFile(target)) == CalibrationFile.encode(calibration))
        // --clear removes the link itself, never its target.
        #expect(try store.clear())
        #expect((try? AtomicFile.readFile(target)) == CalibrationFile.encode(calibration))
    }
}
