#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import TorchHardware

/// `SystemSysfs` on real files (a temporary directory standing in for sysfs).
@Suite struct PWMSystemSysfsTests {
    @Test func readsWritesListsAndFollowsLinks() throws {
        let dir = try TemporaryDirectory()
        let fs = SystemSysfs()
        let file = dir.path + "/period"
        #expect(creat(file, 0o644) >= 0)
        #expect(fs.write(file, "500000\n") == 0)
        #expect(try fs.readSmallFile(file) == "500000\n")
        #expect(symlink("../../../1f00098000.pwm", dir.path + "/device") == 0)
        #expect(try fs.readLink(dir.path + "/device") == "../../../1f00098000.pwm")
        #expect(try fs.listDirectory(dir.path).sorted() == ["device", "period"])
        #expect(fs.exists(file))
        #expect(!fs.exists(dir.path + "/enable"))
        #expect(fs.write(dir.path + "/enable", "1") == ENOENT)
        #expect(throws: SysfsErrno(ENOENT)) { try fs.readSmallFile(dir.path + "/enable") }
    }

    @Test func aHandleWritesAtOffsetZeroEachTime() throws {
        let dir = try TemporaryDirectory()
        let fs = SystemSysfs()
        let file = dir.path + "/duty_cycle"
        #expect(creat(file, 0o644) >= 0)
        let h = try fs.openForWriting(file)
        #expect(Array("111".utf8).withUnsafeBytes { h.write($0) } == 0)
        #expect(Array("222".utf8).withUnsafeBytes { h.write($0) } == 0)
        #expect(try fs.readSmallFile(file) == "222")
        h.close()
        #expect(Array("333".utf8).withUnsafeBytes { h.write($0) } == EBADF)
    }

    @Test func findsChipsInARealTree() throws {
        let dir = try TemporaryDirectory()
        let chip = dir.path + "/pwmchip0"
        #expect(mkdir(chip, 0o755) == 0)
        defer {
            unlink(chip + "/npwm")
            unlink(chip + "/device")
            rmdir(chip)
            withExtendedLifetime(dir) {}
        }
        let fs = SystemSysfs()
        #expect(creat(chip + "/npwm", 0o644) >= 0)
        #expect(fs.write(chip + "/npwm", "2\n") == 0)
        #expect(symlink("../../../fe20c000.pwm", chip + "/device") == 0)
        let found = try PWMChip.find("fe20c000.pwm", in: fs, classDirectory: dir.path)
        #expect(found == PWMChip(name: "pwmchip0", path: chip, device: "fe20c000.pwm", channelCount: 2))
    }
}
