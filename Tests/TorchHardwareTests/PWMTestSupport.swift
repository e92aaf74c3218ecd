import TorchCore
@testable import TorchHardware
import TorchTesting

/// A Raspberry Pi 5 like PWM tree: pwmchip0 = RP1 header PWM (1f00098000.pwm, 4
/// channels), pwmchip1 = 1f0009c000.pwm whose channel 3 drives the fan.
func makePWMDouble(permissionDelay: Int = 0) -> SysfsPWMDouble {
    let d = SysfsPWMDouble()
    d.addChip(number: 0, device: "1f00098000.pwm", channels: 4)
    d.addChip(number: 1, device: "1f0009c000.pwm", channels: 4)
    d.claim(chip: 1, channel: 3, by: "pwm-fan")
    d.permissionDelay = permissionDelay
    return d
}

/// A clock and a pause that moves it: the permission retry runs without sleeping.
final class PWMTestTime {
    let clock = ManualClock()
    private(set) var pauses = 0

    func pause(_ d: Duration) {
        pauses += 1
        clock.advance(by: d)
    }
}

/// Opens channel `channel` of pwmchip0 on `fs` with test time.
func openPWM(_ fs: SysfsPWMDouble, chip: String = "1f00098000.pwm", channel: Int = 0,
             settings: PWMChannelSettings = .init(), time: PWMTestTime = PWMTestTime(),
             hint: String? = nil) throws(HardwareError) -> SysfsPWMOutput {
    try SysfsPWMOutput(chip: chip, channel: channel, settings: settings, fs: fs, hint: hint,
                       clock: time.clock, pause: { time.pause($0) })
}

/// The stores made to one channel's files, as "period 500000" ("→ EINVAL" when refused).
func channelLog(_ fs: SysfsPWMDouble, _ prefix: String = "pwmchip0/pwm0/") -> [String] {
    fs.writeLog.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
}
