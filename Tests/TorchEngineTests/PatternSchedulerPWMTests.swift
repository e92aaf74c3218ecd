import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine
import TorchTestSupport
#if canImport(Glibc)
import Glibc
import TorchTesting
#endif

/// The scheduler driving the sysfs PWM backend, on the double that enforces the
/// kernel's rules: every pattern write is a duty_cycle store the kernel accepts, fades
/// are many duty steps, and stopping leaves duty 0 with the channel still enabled.
@Suite struct PatternSchedulerPWMTests {
    func open(_ fs: SysfsPWMDouble) throws -> SysfsPWMOutput {
        try SysfsPWMOutput(chip: "1f00098000.pwm", channel: 0, settings: PWMChannelSettings(frequency: 2000), fs: fs)
    }

    func dutyStores(_ fs: SysfsPWMDouble) -> [String] {
        fs.writeLog.filter { $0.hasPrefix("pwmchip0/pwm0/duty_cycle") }
    }


    @Test func blinkAndFadeOnHardwarePWM() throws {
        let fs = SysfsPWMDouble()
        fs.addChip(number: 0, device: "1f00098000.pwm", channels: 4)
        let out = try open(fs)
        let s = PatternScheduler(output: out, settings: SchedulerSettings(realtimePriority: nil, lockMemory: false))
        try s.start()
        let mapping = OutputMapping(curve: .linear)
        fs.clearWrites()
        s.play(ScheduledProgram(timeline: Timeline(steps: [.hold(1, .milliseconds(5)), .hold(0, .milliseconds(5))]),
                                lightness: 1, startedAt: MonotonicClock().now(), mapping: mapping))
        #expect(eventually { dutyStores(fs).count >= 6 })
        // A 2 kHz period is 500000 ns: on = 500000, off = 0, never refused.
        let blink = dutyStores(fs).prefix(6)
        #expect(blink.allSatisfy { $0 == "pwmchip0/pwm0/duty_cycle 500000" || $0 == "pwmchip0/pwm0/duty_cycle 0" }, "\(blink)")
        #expect(!fs.writeLog.contains { $0.contains("→") }, "the kernel refused nothing")

        fs.clearWrites()
        s.play(ScheduledProgram(timeline: Timeline(steps: [.hold(0, .milliseconds(1)), .ramp(to: 1, .milliseconds(200))],
                                                   repeatCount: 1, endLevel: 1),
                                lightness: 1, startedAt: MonotonicClock().now(), mapping: mapping))
        #expect(eventually { dutyStores(fs).last == "pwmchip0/pwm0/duty_cycle 500000" })
        // The number of steps is what the real-time thread manages in the fade's 200 ms:
        // on qemu-user's emulated CPU it may reach only the end level.
        if !underEmulation {
            #expect(dutyStores(fs).count >= 5, "a fade is many duty steps: \(dutyStores(fs).count)")
        }
        s.stop()
        #expect(dutyStores(fs).last == "pwmchip0/pwm0/duty_cycle 0", "dark after stop")
        out.close()
        #expect(fs.isExported(chip: 0, channel: 0) == false, "unexported: torch exported it")
    }
}
