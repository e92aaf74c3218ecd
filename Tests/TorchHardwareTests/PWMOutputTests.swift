#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchCore
@testable import TorchHardware
import TorchTesting

/// The sysfs PWM backend against the kernel-rules double.
@Suite struct PWMOutputTests {
    @Test func freshExportWritesPeriodBeforeDutyThenEnables() throws {
        let fs = makePWMDouble()
        let out = try openPWM(fs)
        #expect(out.exportedByUs)
        #expect(fs.writeLog == [
            "pwmchip0/export 0",
            "pwmchip0/pwm0/period 500000",
            "pwmchip0/pwm0/duty_cycle 0",
            "pwmchip0/pwm0/enable 1",
        ])
        #expect(fs.channelState(chip: 0, channel: 0)
            == PWMChannelState(period: 500_000, dutyCycle: 0, polarity: .normal, enabled: true))
        out.close()
    }

    @Test func writeSetsRoundedDutyCycle() throws {
        let fs = makePWMDouble()
        let out = try openPWM(fs)
        fs.clearWrites()
        #expect(out.write(duty: 0.5) == 0)
        #expect(out.write(duty: 0.184) == 0)
        #expect(out.write(duty: 1.0 / 3.0) == 0) // 166666.67 ns rounds up
        #expect(out.write(duty: 1) == 0)
        #expect(out.write(duty: 1.5) == 0) // clamped to the period
        #expect(out.write(duty: 0) == 0)
        #expect(channelLog(fs) == ["duty_cycle 250000", "duty_cycle 92000", "duty_cycle 166667",
                                   "duty_cycle 500000", "duty_cycle 500000", "duty_cycle 0"])
        #expect(out.dutyCycle == 0)
        out.close()
    }

    @Test func darkIsDutyZeroWhileEnabled() throws {
        let fs = makePWMDouble()
        let out = try openPWM(fs)
        _ = out.write(duty: 0.7)
        _ = out.write(duty: 0)
        let s = try #require(fs.channelState(chip: 0, channel: 0))
        #expect(s.dutyCycle == 0 && s.enabled)
        out.close()
    }

    @Test func frequencyIsConfigurable() throws {
        let fs = makePWMDouble()
        let out = try openPWM(fs, settings: PWMChannelSettings(frequency: 20_000))
        #expect(out.period == 50_000)
        #expect(channelLog(fs).first == "period 50000")
        #expect(out.summary == "pwmchip0 (1f00098000.pwm) channel 0 at 20000 Hz via sysfs PWM")
        out.close()
    }

    @Test func shorteningThePeriodLowersTheDutyFirst() throws {
        let fs = makePWMDouble()
        fs.preExport(chip: 0, channel: 0,
                     PWMChannelState(period: 1_000_000, dutyCycle: 800_000, polarity: .normal, enabled: true))
        let out = try openPWM(fs)
        #expect(!out.exportedByUs)
        #expect(channelLog(fs) == ["duty_cycle 0", "period 500000"])
        out.close()
    }

    @Test func setFrequencyKeepsTheKernelHappyBothWays() throws {
        let fs = makePWMDouble()
        let out = try openPWM(fs)
        _ = out.write(duty: 0.5)
        fs.clearWrites()
        try out.setFrequency(4000) // shorter: duty down first
        #expect(channelLog(fs) == ["duty_cycle 125000", "period 250000"])
        fs.clearWrites()
        try out.setFrequency(1000) // longer: period first
        #expect(channelLog(fs) == ["period 1000000", "duty_cycle 500000"])
        #expect(!fs.writeLog.contains { $0.contains("→") })
        #expect(out.write(duty: 0.25) == 0)
        #expect(fs.channelState(chip: 0, channel: 0)?.dutyCycle == 250_000)
        out.close()
    }

    @Test func polarityChangesOnlyWhileDisabled() throws {
        let fs = makePWMDouble()
        let out = try openPWM(fs, settings: PWMChannelSettings(polarity: .inversed))
        // Fresh: period (polarity needs a period), polarity while still disabled, duty, enable.
        #expect(channelLog(fs) == ["period 500000", "polarity inversed", "duty_cycle 0", "enable 1"])
        fs.clearWrites()
        try out.setPolarity(.normal)
        #expect(channelLog(fs) == ["enable 0", "polarity normal", "enable 1"])
        #expect(out.polarity == .normal)
        out.close()
    }

    @Test func polarityOfAnEnabledPreExportedChannel() throws {
        let fs = makePWMDouble()
        fs.preExport(chip: 0, channel: 0,
                     PWMChannelState(period: 500_000, dutyCycle: 0, polarity: .normal, enabled: true))
        let out = try openPWM(fs, settings: PWMChannelSettings(polarity: .inversed))
        #expect(channelLog(fs) == ["enable 0", "polarity inversed", "duty_cycle 0", "enable 1"])
        out.close()
    }

    @Test func closeUnexportsWhatItExported() throws {
        let fs = makePWMDouble()
        let out = try openPWM(fs)
        _ = out.write(duty: 0.6)
        fs.clearWrites()
        out.close()
        #expect(fs.writeLog == ["pwmchip0/pwm0/duty_cycle 0", "pwmchip0/pwm0/enable 0", "pwmchip0/unexport 0"])
        #expect(!fs.isExported(chip: 0, channel: 0))
        #expect(out.closeFailures.isEmpty)
        out.close() // idempotent
        #expect(fs.writes.count == 3)
        #expect(out.write(duty: 1) == EBADF)
    }

    @Test func closeLeavesAPreExportedChannelExportedDarkWithItsSettings() throws {
        let fs = makePWMDouble()
        let before = PWMChannelState(period: 1_000_000, dutyCycle: 300_000, polarity: .inversed, enabled: false)
        fs.preExport(chip: 0, channel: 0, before)
        let out = try openPWM(fs)
        #expect(out.found == before)
        _ = out.write(duty: 0.5)
        fs.clearWrites()
        out.close()
        #expect(fs.isExported(chip: 0, channel: 0))
        #expect(!fs.writeLog.contains { $0.contains("unexport") })
        #expect(fs.channelState(chip: 0, channel: 0)
            == PWMChannelState(period: 1_000_000, dutyCycle: 0, polarity: .inversed, enabled: true))
        #expect(channelLog(fs) == ["duty_cycle 0", "enable 0", "polarity inversed", "period 1000000", "enable 1"])
        #expect(out.closeFailures.isEmpty)
    }

    @Test func closeCanPutAPreExportedChannelBackExactlyAsFound() throws {
        let fs = makePWMDouble()
        let before = PWMChannelState(period: 100_000, dutyCycle: 30_000, polarity: .normal, enabled: true)
        fs.preExport(chip: 0, channel: 0, before)
        let out = try openPWM(fs, settings: PWMChannelSettings(putBack: .asFound))
        _ = out.write(duty: 1)
        out.close()
        #expect(fs.channelState(chip: 0, channel: 0) == before)
        #expect(fs.isExported(chip: 0, channel: 0))
        #expect(!fs.writeLog.contains { $0.contains("→") })
    }

    @Test func permissionRetrySucceedsInsideTheWindow() throws {
        let fs = makePWMDouble(permissionDelay: 5)
        let time = PWMTestTime()
        let out = try openPWM(fs, time: time)
        #expect(time.pauses == 5)
        #expect(time.clock.now() == Instant(nanoseconds: 50_000_000)) // 5 × 10 ms
        #expect(channelLog(fs).filter { !$0.contains("→") } == ["period 500000", "duty_cycle 0", "enable 1"])
        #expect(out.write(duty: 0.5) == 0)
        out.close()
    }

    @Test func permissionRetryGivesUpAfterTheWindowAndUnexports() {
        let fs = makePWMDouble(permissionDelay: Int.max)
        let time = PWMTestTime()
        #expect {
            try openPWM(fs, time: time)
        } throws: { error in
            (error as? HardwareError)?.message
                == "pwmchip0/pwm0/period: permission denied (still after 2 s); on Raspberry Pi OS members "
                + "of group 'gpio' may write /sys/class/pwm (udev rule 99-com.rules): add the user to it, "
                + "or run as root"
        }
        #expect(time.pauses == 200) // 2 s at 10 ms, then one last try
        #expect(!fs.isExported(chip: 0, channel: 0)) // nothing left exported
    }

    @Test func noPermissionRetryOnAChannelAlreadyExported() {
        let fs = makePWMDouble()
        // Someone else (root) exported it and its files are still root's.
        fs.permissionDelay = 3
        _ = fs.write("/sys/class/pwm/pwmchip0/export", "0")
        let time = PWMTestTime()
        #expect {
            try openPWM(fs, time: time)
        } throws: { error in
            (error as? HardwareError)?.message.hasPrefix("pwmchip0/pwm0/period: permission denied; on Raspberry Pi OS") == true
        }
        #expect(time.pauses == 0) // not our export: no udev to wait for
        #expect(fs.isExported(chip: 0, channel: 0)) // not ours to unexport
    }

    @Test func channelPastNpwmIsRefusedBeforeExport() {
        let fs = makePWMDouble()
        #expect {
            try openPWM(fs, channel: 5, hint: "add 'dtoverlay=pwm-2chan' to /boot/firmware/config.txt")
        } throws: { error in
            (error as? HardwareError) == HardwareError(
                "pwmchip0 has 4 channels (0-3); channel 5 does not exist; "
                    + "add 'dtoverlay=pwm-2chan' to /boot/firmware/config.txt", errno: ENODEV)
        }
        #expect(fs.writes.isEmpty)
    }

    @Test func kernelNoDeviceOnExportNamesTheChannels() {
        // A stale PWMChip (npwm read as 9) meets the kernel's ENODEV: the same line.
        let fs = makePWMDouble()
        let chip = PWMChip(name: "pwmchip0", path: "/sys/class/pwm/pwmchip0", device: "1f00098000.pwm", channelCount: 9)
        #expect {
            try SysfsPWMOutput(chip: chip, channel: 6, fs: fs)
        } throws: { error in
            (error as? HardwareError)?.message == "pwmchip0 has 9 channels (0-8); channel 6 does not exist"
        }
    }

    @Test func busyChannelNamesTheDriverCase() {
        let fs = makePWMDouble()
        #expect {
            try openPWM(fs, chip: "1f0009c000.pwm", channel: 3)
        } throws: { error in
            (error as? HardwareError) == HardwareError(
                "pwmchip1 (1f0009c000.pwm) channel 3: in use by a kernel driver (EBUSY; e.g. pwm-fan "
                    + "holds channel 3 of the Raspberry Pi 5's 1f0009c000.pwm); pick another channel",
                errno: EBUSY)
        }
    }

    @Test func kernelRefusalNamesFileAndValue() throws {
        let fs = makePWMDouble()
        let out = try openPWM(fs)
        let files = PWMChannelFiles(
            fs: fs, directory: "/sys/class/pwm/pwmchip0/pwm0", shortName: "pwmchip0/pwm0",
            clock: ManualClock(), pause: { _ in }, poll: .milliseconds(10), window: .seconds(2))
        try files.readState()
        #expect {
            try files.set(.dutyCycle, "600000")
        } throws: { error in
            (error as? HardwareError) == HardwareError(
                "pwmchip0/pwm0/duty_cycle: kernel refused 600000 (EINVAL: duty cycle above period 500000)",
                errno: EINVAL)
        }
        #expect {
            try files.set(.enable, "2")
        } throws: { error in
            (error as? HardwareError)?.message == "pwmchip0/pwm0/enable: kernel refused 2 (EINVAL: enable takes 0 or 1)"
        }
        #expect {
            try files.set(.polarity, "inversed")
        } throws: { error in
            (error as? HardwareError)?.message
                == "pwmchip0/pwm0/polarity: kernel refused inversed (EBUSY: polarity can change only while disabled)"
        }
        // The real-time path returns the errno instead: someone shrank the period.
        _ = fs.write("/sys/class/pwm/pwmchip0/pwm0/period", "400000")
        #expect(out.write(duty: 1) == EINVAL)
        out.close()
    }

    @Test func kernelRefusalDuringSetUpIsOneLineAndUnexports() {
        // pwm-bcm2835 refuses a period shorter than its clock's period with EINVAL.
        let fs = SysfsPWMDouble()
        fs.addChip(number: 0, device: "fe20c000.pwm", channels: 2, minimumPeriod: 1000)
        #expect {
            try openPWM(fs, chip: "fe20c000.pwm", settings: PWMChannelSettings(frequency: 100_000_000))
        } throws: { error in
            (error as? HardwareError) == HardwareError(
                "pwmchip0/pwm0/period: kernel refused 10 (EINVAL: period outside what the driver supports)",
                errno: EINVAL)
        }
        #expect(!fs.isExported(chip: 0, channel: 0))
        #expect(fs.writeLog.last == "pwmchip0/unexport 0")
    }

    @Test func frequencyOutOfRangeIsRefusedBeforeTouchingAnything() {
        let fs = makePWMDouble()
        #expect {
            try openPWM(fs, settings: PWMChannelSettings(frequency: 0))
        } throws: { error in
            (error as? HardwareError)?.message.hasPrefix("pwm frequency 0.0 Hz: out of range") == true
        }
        #expect(fs.writes.isEmpty)
    }

    @Test func chipIsFoundByDeviceWhenNumbersChange() throws {
        // Kernel 6.6 numbering: the header PWM is pwmchip2.
        let old = SysfsPWMDouble()
        old.addChip(number: 0, device: "1f0009c000.pwm", channels: 4)
        old.addChip(number: 2, device: "1f00098000.pwm", channels: 4)
        // Kernel 6.12 numbering: it is pwmchip0.
        let new = makePWMDouble()
        let a = try openPWM(old)
        let b = try openPWM(new)
        #expect(a.chip.name == "pwmchip2" && b.chip.name == "pwmchip0")
        #expect(old.writeLog.first == "pwmchip2/export 0")
        #expect(new.writeLog.first == "pwmchip0/export 0")
        a.close()
        b.close()
    }

    @Test func summaryNamesChipChannelAndFrequency() throws {
        let fs = makePWMDouble()
        fs.preExport(chip: 0, channel: 2, PWMChannelState(period: 500_000, dutyCycle: 0, polarity: .normal, enabled: true))
        let out = try openPWM(fs, channel: 2, settings: PWMChannelSettings(polarity: .inversed))
        #expect(out.summary == "pwmchip0 (1f00098000.pwm) channel 2 at 2000 Hz via sysfs PWM, inversed (already exported)")
        #expect(out.kind == .pwm && !out.isBinary)
        out.close()
    }
}
