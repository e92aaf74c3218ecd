#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchCore
@testable import TorchHardware
import TorchTesting

/// Linux 6.12's PWM core (`__pwm_apply`, `pwm_state_valid`), as the double models it when
/// `rules == .linux6_12`; each case read from drivers/pwm/core.c of 6.12.117 and proven by
/// the VM's differential test (Tests/vm/guest/scenarios-pwm.sh).
@Suite struct PWMDouble612Tests {
    let ch = "/sys/class/pwm/pwmchip0/pwm0"

    func fresh(_ rules: PWMKernelRules) -> SysfsPWMDouble {
        let d = SysfsPWMDouble()
        d.addChip(number: 0, device: "torch-test-pwm", channels: 2)
        d.rules = rules
        #expect(d.write("/sys/class/pwm/pwmchip0/export", "0") == 0)
        return d
    }

    @Test func aDisabledStateIsAlwaysAccepted() throws {
        let d = fresh(.linux6_12)
        // Period 0, disabled: valid on 6.12, so duty and polarity may be set first.
        #expect(d.write(ch + "/duty_cycle", "100") == 0)
        #expect(try d.readSmallFile(ch + "/duty_cycle") == "100\n")
        #expect(d.write(ch + "/enable", "0") == 0)
        #expect(d.write(ch + "/enable", "1") == EINVAL, "enabled with period 0")
        #expect(d.write(ch + "/period", "50") == 0, "duty above period, but disabled")
        #expect(d.write(ch + "/enable", "1") == EINVAL, "enabled with duty above period")
        #expect(d.write(ch + "/period", "500") == 0)
        #expect(d.write(ch + "/enable", "1") == 0)
        #expect(d.write(ch + "/duty_cycle", "501") == EINVAL)
        #expect(d.write(ch + "/period", "0") == EINVAL)
    }

    @Test func theSameStoresOn61() {
        let d = fresh(.linux6_1)
        #expect(d.write(ch + "/duty_cycle", "100") == EINVAL, "period 0 is refused whatever the state")
        #expect(d.write(ch + "/enable", "0") == EINVAL)
        #expect(d.write(ch + "/period", "500") == 0)
        #expect(d.write(ch + "/duty_cycle", "501") == EINVAL, "disabled, but duty above period")
    }

    @Test func anInvalidStateReplacesAnInvalidOneOn612() throws {
        let d = fresh(.linux6_12)
        // Reach an invalid state the kernel allows: only by being found in one, e.g. a
        // chip that reports enabled with period 0 at boot.
        d.preExport(chip: 0, channel: 1, PWMChannelState(period: 0, dutyCycle: 0, polarity: .normal, enabled: true))
        let ch1 = "/sys/class/pwm/pwmchip0/pwm1"
        #expect(d.write(ch1 + "/duty_cycle", "7") == 0, "invalid → invalid is stored")
        #expect(try d.readSmallFile(ch1 + "/duty_cycle") == "7\n")
        #expect(d.write(ch1 + "/polarity", "inversed") == 0)
    }

    @Test func rulesFollowTheRelease() {
        #expect(PWMKernelRules(release: "6.1.0-28-amd64") == .linux6_1)
        #expect(PWMKernelRules(release: "6.1.192") == .linux6_1)
        #expect(PWMKernelRules(release: "6.12.117") == .linux6_12)
        #expect(PWMKernelRules(release: "6.12.47+rpt-rpi-2712") == .linux6_12)
        #expect(PWMKernelRules(release: "7.0.1") == .linux6_12)
        #expect(PWMKernelRules(release: "5.15.0") == .linux6_1)
        #expect(PWMKernelRules(release: "garbage") == .linux6_1)
    }

    /// The backend sets a channel up on either kernel without a refused store.
    @Test(arguments: PWMKernelRules.allCases)
    func theBackendOpensAndClosesCleanly(_ rules: PWMKernelRules) throws {
        let d = SysfsPWMDouble()
        d.addChip(number: 0, device: "torch-test-pwm", channels: 2)
        d.rules = rules
        let out = try SysfsPWMOutput(chip: "torch-test-pwm", channel: 0, fs: d)
        #expect(out.write(duty: 0.5) == 0)
        out.close()
        #expect(!d.writeLog.contains { $0.contains("→") }, "\(d.writeLog)")
        #expect(!d.isExported(chip: 0, channel: 0))
    }
}

/// The differential sequences: deterministic, long, and a real mix for both doubles.
@Suite struct SysfsDifferentialTests {
    @Test func pwmSequenceIsSeededAndMixed() {
        let a = SysfsDifferential.pwmSequence(seed: 20261201, count: 600)
        #expect(a == SysfsDifferential.pwmSequence(seed: 20261201, count: 600))
        #expect(a != SysfsDifferential.pwmSequence(seed: 7, count: 600))
        #expect(a.count == 600)
        for rules in PWMKernelRules.allCases {
            let d = SysfsPWMDouble()
            d.addChip(number: 0, device: "torch-test-pwm", channels: 2)
            d.rules = rules
            d.polarityChangeWhileEnabled = true
            let outcomes = SysfsDifferential.run(a, classDirectory: "/sys/class/pwm", kernel: d, double: d) { _ in [] }
            let refused = outcomes.filter { $0.kernel != 0 }.count
            #expect(refused > 100 && refused < 500, "\(rules): \(SysfsDifferential.refusalSummary(outcomes))")
            for errno in [EINVAL, ENODEV, EBUSY, ERANGE, ENOENT] {
                #expect(outcomes.contains { $0.kernel == errno }, "\(rules): no \(errno)")
            }
        }
    }

    @Test func theRulesDifferOnTheSameSequence() {
        let steps = SysfsDifferential.pwmSequence(seed: 20261201, count: 600)
        func errnos(_ rules: PWMKernelRules) -> [Int32] {
            let d = SysfsPWMDouble()
            d.addChip(number: 0, device: "torch-test-pwm", channels: 2)
            d.rules = rules
            d.polarityChangeWhileEnabled = true
            return SysfsDifferential.run(steps, classDirectory: "/sys/class/pwm", kernel: d, double: d) { _ in [] }.map(\.kernel)
        }
        #expect(errnos(.linux6_1) != errnos(.linux6_12), "the sequence reaches the difference")
    }

    @Test func ledSequenceIsMixed() {
        let steps = SysfsDifferential.ledSequence(seed: 5, count: 500, leds: ["a", "b"],
                                                  triggers: ["none", "timer", "heartbeat", "default-on"])
        let d = SysfsLEDDouble()
        d.addLED("a", triggers: ["none", "timer", "heartbeat", "default-on"])
        d.addLED("b", triggers: ["none", "timer", "heartbeat", "default-on"])
        let outcomes = SysfsDifferential.run(steps, classDirectory: "/sys/class/leds", kernel: d, double: d) { _ in [] }
        for errno in [EINVAL, ERANGE, EACCES] {
            #expect(outcomes.contains { $0.kernel == errno }, "no \(errno)")
        }
        #expect(outcomes.filter { $0.kernel == 0 }.count > 200)
    }

    @Test func theLEDDoubleFollowsLedSetBrightness() throws {
        let d = SysfsLEDDouble()
        d.addLED("ACT", trigger: "heartbeat", triggers: ["none", "heartbeat", "default-on"])
        #expect(d.write("/sys/class/leds/ACT/brightness", "0x10") == EINVAL, "kstrtoul base 10")
        #expect(d.write("/sys/class/leds/ACT/brightness", "-0") == EINVAL)
        #expect(d.write("/sys/class/leds/ACT/brightness", "18446744073709551616") == ERANGE)
        #expect(d.write("/sys/class/leds/ACT/brightness", "010") == 0)
        #expect(try d.readSmallFile("/sys/class/leds/ACT/brightness") == "10\n")
        // 2^32 is not 0 (the trigger stays) but is cut to 0 by led_set_brightness.
        #expect(d.write("/sys/class/leds/ACT/brightness", "4294967296") == 0)
        #expect(d.led("ACT")?.trigger == "heartbeat")
        #expect(d.led("ACT")?.brightness == 0)
        #expect(d.write("/sys/class/leds/ACT/brightness", "4294967297") == 0)
        #expect(d.led("ACT")?.brightness == 1)
    }
}
