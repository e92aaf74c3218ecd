#if canImport(Glibc)
import Glibc
#endif

/// The one-line errors of the sysfs PWM backend. Each names the chip, channel or file,
/// says what is allowed or what to do, and carries the errno.
public enum PWMErrors {
    /// No chip matches `spec`; lists those found with their devices, then `hint`.
    public static func chipMissing(_ spec: String, available: [PWMChip], hint: String?) -> HardwareError {
        let list = available.isEmpty
            ? "this machine has no PWM chips"
            : "chips here: " + available.map(\.description).joined(separator: ", ")
        return HardwareError("pwm chip '\(spec)' not found (\(list))" + suffix(hint), errno: ENODEV)
    }

    /// "pwmchip0 has 2 channels (0-1); channel 3 does not exist".
    public static func channelMissing(chip: PWMChip, channel: Int, hint: String?) -> HardwareError {
        let has: String
        switch chip.channelCount {
        case ...0: has = "has no channels"
        case 1: has = "has 1 channel (0)"
        default: has = "has \(chip.channelCount) channels (0-\(chip.channelCount - 1))"
        }
        return HardwareError("\(chip.name) \(has); channel \(channel) does not exist" + suffix(hint),
                             errno: ENODEV)
    }

    /// Export said EBUSY while `pwmN/` did not exist: a kernel driver holds the channel.
    public static func channelBusy(chip: PWMChip, channel: Int) -> HardwareError {
        HardwareError(
            "\(label(chip)) channel \(channel): in use by a kernel driver (EBUSY; e.g. pwm-fan "
                + "holds channel 3 of the Raspberry Pi 5's 1f0009c000.pwm); pick another channel",
            errno: EBUSY)
    }

    /// The kernel refused a value: "pwmchip0/pwm0/duty_cycle: kernel refused 600000
    /// (EINVAL: duty cycle above period 500000)".
    public static func refused(file: String, value: String, errno code: Int32, reason: String?) -> HardwareError {
        let name = errnoName(code)
        let why = reason.map { "\(name): \($0)" } ?? "\(name): \(errnoText(code))"
        return HardwareError("\(file): kernel refused \(value) (\(why))", errno: code)
    }

    /// Still no write access to a channel file when the udev window ran out.
    public static func permissionDenied(file: String, waitedMilliseconds: Int64, errno code: Int32 = EACCES) -> HardwareError {
        let waited = waitedMilliseconds > 0 ? " (still after \(waitedSeconds(waitedMilliseconds)))" : ""
        return HardwareError(
            "\(file): permission denied\(waited); on Raspberry Pi OS members of group 'gpio' may "
                + "write /sys/class/pwm (udev rule 99-com.rules): add the user to it, or run as root",
            errno: code)
    }

    /// Any other failed call, with the system's text for the errno.
    public static func failed(_ what: String, errno code: Int32) -> HardwareError {
        HardwareError("\(what): \(errnoText(code))", errno: code)
    }

    /// "pwmchip0 (1f00098000.pwm)".
    static func label(_ chip: PWMChip) -> String {
        chip.device.isEmpty ? chip.name : "\(chip.name) (\(chip.device))"
    }

    /// The symbolic name of the errors a sysfs PWM store returns.
    public static func errnoName(_ code: Int32) -> String {
        switch code {
        case EINVAL: "EINVAL"
        case EBUSY: "EBUSY"
        case ENODEV: "ENODEV"
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case ERANGE: "ERANGE"
        case EIO: "EIO"
        case ENXIO: "ENXIO"
        case ENOTSUP: "EOPNOTSUPP"
        default: "errno \(code)"
        }
    }

    /// "2 s", "1.5 s", "300 ms".
    static func waitedSeconds(_ ms: Int64) -> String {
        if ms % 1000 == 0 { return "\(ms / 1000) s" }
        if ms < 1000 { return "\(ms) ms" }
        return "\(ms / 1000).\((ms % 1000) / 100) s"
    }

    private static func suffix(_ hint: String?) -> String {
        guard let hint, !hint.isEmpty else { return "" }
        return "; " + hint
    }
}
