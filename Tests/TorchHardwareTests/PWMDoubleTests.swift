#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchCore
@testable import TorchHardware
import TorchTesting

/// The double refuses what the kernel refuses (drivers/pwm/sysfs.c, core.c).
@Suite struct PWMDoubleTests {
    let root = "/sys/class/pwm/pwmchip0"

    /// A double with pwmchip0/pwm0 exported and configured (period 1000, duty 0).
    func exported(enabled: Bool = false) -> SysfsPWMDouble {
        let d = makePWMDouble()
        d.preExport(chip: 0, channel: 0, PWMChannelState(period: 1000, dutyCycle: 0, polarity: .normal, enabled: enabled))
        return d
    }

    @Test func exportCreatesTheChannelDirectory() throws {
        let d = makePWMDouble()
        #expect(!d.exists(root + "/pwm1"))
        #expect(d.write(root + "/export", "1") == 0)
        #expect(d.exists(root + "/pwm1"))
        #expect(d.exists(root + "/pwm1/duty_cycle"))
        #expect(try d.listDirectory(root).contains("pwm1"))
        #expect(try d.readSmallFile(root + "/pwm1/period") == "0\n")
        #expect(try d.readSmallFile(root + "/pwm1/polarity") == "normal\n")
        #expect(try d.readSmallFile(root + "/pwm1/enable") == "0\n")
    }

    @Test func exportTwiceIsBusy() {
        let d = makePWMDouble()
        #expect(d.write(root + "/export", "0") == 0)
        #expect(d.write(root + "/export", "0") == EBUSY)
    }

    @Test func exportPastNpwmIsNoDevice() {
        let d = makePWMDouble()
        #expect(d.write(root + "/export", "4") == ENODEV)
        #expect(d.write(root + "/export", "3") == 0)
    }

    @Test func exportOfAChannelHeldByADriverIsBusy() {
        let d = makePWMDouble()
        #expect(d.write("/sys/class/pwm/pwmchip1/export", "3") == EBUSY)
        #expect(!d.exists("/sys/class/pwm/pwmchip1/pwm3"))
    }

    @Test func exportTakesOnlyANumber() {
        let d = makePWMDouble()
        #expect(d.write(root + "/export", "zero") == EINVAL)
        #expect(d.write(root + "/export", "") == EINVAL)
        #expect(d.write(root + "/export", " 1") == EINVAL)
        #expect(d.write(root + "/export", "1\n\n") == EINVAL)
        #expect(d.write(root + "/export", "4294967296") == ERANGE)
        #expect(d.write(root + "/export", "1\n") == 0) // echo's newline is fine
        #expect(d.write(root + "/export", "0x2") == 0) // base 0: hex
    }

    @Test func unexportOfAChannelNotExportedIsNoDevice() {
        let d = makePWMDouble()
        #expect(d.write(root + "/unexport", "0") == ENODEV)
        #expect(d.write(root + "/unexport", "9") == ENODEV)
        #expect(d.write(root + "/export", "0") == 0)
        #expect(d.write(root + "/unexport", "0") == 0)
        #expect(!d.exists(root + "/pwm0"))
        #expect(d.write(root + "/pwm0/period", "1000") == ENOENT)
    }

    @Test func enableTakesOnlyZeroOrOne() {
        let d = exported()
        #expect(d.write(root + "/pwm0/enable", "2") == EINVAL)
        #expect(d.write(root + "/pwm0/enable", "-1") == EINVAL)
        #expect(d.write(root + "/pwm0/enable", "yes") == EINVAL)
        #expect(d.write(root + "/pwm0/enable", "1") == 0)
        #expect(d.channelState(chip: 0, channel: 0)?.enabled == true)
    }

    @Test func dutyAbovePeriodIsInvalid() {
        let d = exported()
        #expect(d.write(root + "/pwm0/duty_cycle", "1001") == EINVAL)
        #expect(d.write(root + "/pwm0/duty_cycle", "1000") == 0)
        // Shortening the period below the duty cycle is the same rule.
        #expect(d.write(root + "/pwm0/period", "999") == EINVAL)
        #expect(d.channelState(chip: 0, channel: 0)?.period == 1000)
    }

    @Test func periodZeroIsInvalidForEveryStore() {
        let d = makePWMDouble()
        #expect(d.write(root + "/export", "0") == 0)
        // A fresh channel has period 0: the core refuses any state with it.
        #expect(d.write(root + "/pwm0/duty_cycle", "0") == EINVAL)
        #expect(d.write(root + "/pwm0/enable", "1") == EINVAL)
        #expect(d.write(root + "/pwm0/enable", "0") == EINVAL)
        #expect(d.write(root + "/pwm0/polarity", "inversed") == EINVAL)
        #expect(d.write(root + "/pwm0/period", "0") == EINVAL)
        #expect(d.write(root + "/pwm0/period", "500000") == 0)
        #expect(d.write(root + "/pwm0/enable", "1") == 0)
    }

    @Test func polarityChangeWhileEnabledIsBusy() {
        let d = exported(enabled: true)
        #expect(d.write(root + "/pwm0/polarity", "inversed") == EBUSY)
        #expect(d.write(root + "/pwm0/polarity", "normal\n") == 0) // no change: accepted
        #expect(d.write(root + "/pwm0/enable", "0") == 0)
        #expect(d.write(root + "/pwm0/polarity", "inversed") == 0)
        #expect(d.channelState(chip: 0, channel: 0)?.polarity == .inversed)
    }

    @Test func polarityChangeWhileEnabledWhereTheDriverAllowsIt() {
        let d = exported(enabled: true)
        d.polarityChangeWhileEnabled = true
        #expect(d.write(root + "/pwm0/polarity", "inversed") == 0)
    }

    @Test func polarityTakesOnlyItsTwoWords() {
        let d = exported()
        #expect(d.write(root + "/pwm0/polarity", "inverted") == EINVAL)
        #expect(d.write(root + "/pwm0/polarity", "Normal") == EINVAL)
    }

    @Test func valuesMustBeIntegers() {
        let d = exported()
        #expect(d.write(root + "/pwm0/period", "1e6") == EINVAL)
        #expect(d.write(root + "/pwm0/period", "500000.0") == EINVAL)
        #expect(d.write(root + "/pwm0/duty_cycle", "-5") == EINVAL)
        #expect(d.write(root + "/pwm0/duty_cycle", "12abc") == EINVAL)
        #expect(d.write(root + "/pwm0/period", "18446744073709551616") == ERANGE)
        #expect(d.write(root + "/pwm0/period", "+2000") == 0)
        #expect(d.write(root + "/pwm0/duty_cycle", "0100") == 0) // base 0: octal
        #expect(d.channelState(chip: 0, channel: 0)?.dutyCycle == 64)
    }

    @Test func newFilesBelongToRootForTheFirstAccesses() throws {
        let d = makePWMDouble(permissionDelay: 2)
        #expect(d.write(root + "/export", "0") == 0)
        #expect(d.write(root + "/pwm0/period", "1000") == EACCES)
        #expect(throws: SysfsErrno(EACCES)) { try d.openForWriting(root + "/pwm0/duty_cycle") }
        #expect(d.write(root + "/pwm0/period", "1000") == 0)
        // Reads were allowed all along (the files are 0644).
        #expect(try d.readSmallFile(root + "/pwm0/period") == "1000\n")
    }

    @Test func aHandleWritesUntilTheChannelIsUnexported() throws {
        let d = exported()
        let h = try d.openForWriting(root + "/pwm0/duty_cycle")
        #expect(Array("400".utf8).withUnsafeBytes { h.write($0) } == 0)
        #expect(d.channelState(chip: 0, channel: 0)?.dutyCycle == 400)
        #expect(Array("4000".utf8).withUnsafeBytes { h.write($0) } == EINVAL)
        #expect(d.write(root + "/unexport", "0") == 0)
        #expect(d.write(root + "/export", "0") == 0)
        #expect(Array("0".utf8).withUnsafeBytes { h.write($0) } == ENODEV)
        h.close()
        #expect(Array("0".utf8).withUnsafeBytes { h.write($0) } == EBADF)
    }

    @Test func chipAttributesAndLinks() throws {
        let d = makePWMDouble()
        #expect(try d.listDirectory("/sys/class/pwm") == ["pwmchip0", "pwmchip1"])
        #expect(try d.readSmallFile(root + "/npwm") == "4\n")
        #expect(try d.readLink(root + "/device") == "../../../1f00098000.pwm")
        #expect(d.write(root + "/npwm", "8") == EACCES)
        #expect(throws: SysfsErrno(ENOENT)) { try d.readSmallFile("/sys/class/pwm/pwmchip7/npwm") }
    }

    @Test func everyStoreIsRecordedWithItsResult() {
        let d = makePWMDouble()
        _ = d.write(root + "/export", "0")
        _ = d.write(root + "/pwm0/duty_cycle", "5")
        _ = d.write(root + "/pwm0/period", "10")
        #expect(d.writeLog == ["pwmchip0/export 0", "pwmchip0/pwm0/duty_cycle 5 → EINVAL", "pwmchip0/pwm0/period 10"])
    }
}
