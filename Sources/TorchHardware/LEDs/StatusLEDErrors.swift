#if canImport(Glibc)
import Glibc
#endif

/// The one-line errors and warnings of `StatusLEDs`, each naming the LED or file.
public enum StatusLEDErrors {
    /// "status LED 'ACT' not found under /sys/class/leds; skipped".
    public static func missingWarning(_ name: String, classDirectory: String) -> String {
        "status LED '\(name)' not found under \(classDirectory); skipped"
    }

    /// "status LED 'ACT': trigger file has no active entry; only its brightness is restored".
    public static func unbracketedWarning(_ name: String) -> String {
        "status LED '\(name)': trigger file shows no active trigger; only its brightness will be restored"
    }

    /// A failed read or write of an LED attribute. EACCES/EPERM say what grants access.
    public static func failed(file: String, writing value: String?, errno code: Int32) -> HardwareError {
        if code == EACCES || code == EPERM {
            return HardwareError(
                "\(file): permission denied; status LEDs need root, or a udev rule giving the "
                    + "torch user write access to /sys/class/leds/*/trigger and brightness",
                errno: code)
        }
        let what = value.map { "cannot write '\($0)'" } ?? "cannot read"
        return HardwareError("\(file): \(what): \(errnoText(code))", errno: code)
    }

    /// The brightness file held something other than a number.
    public static func unreadable(file: String, contents: String) -> HardwareError {
        HardwareError("\(file): expected a number, found '\(contents)'", errno: EINVAL)
    }
}
