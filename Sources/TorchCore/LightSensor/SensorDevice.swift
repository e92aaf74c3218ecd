/// Which IIO device is the light sensor, as `[sensor] device` names it: its sysfs
/// directory name (`iio:device0`), the driver's name the device reports in its `name`
/// attribute (`bh1750`, `veml6030`, `opt3001`, `tsl2563`, `tsl2591`, `ads1015`), or its
/// directory's path under /sys.
public enum SensorDevice: Equatable, Sendable, CustomStringConvertible {
    /// `iio:deviceN`.
    case number(Int)
    /// The device whose `name` reads this (the only one, or the first in number order).
    case name(String)
    /// A directory under /sys (`/sys/bus/iio/devices/iio:device0`).
    case path(String)

    public static let allowed = "iio:deviceN, the device's name (bh1750, veml6030, opt3001, tsl2563, tsl2591, ads1015, …) or its /sys/bus/iio/devices/… directory"

    public static func parse(_ text: String) throws(ValueError) -> SensorDevice {
        let t = text.trimmedASCII
        let printable = t.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
        guard !t.isEmpty, t.utf8.count <= 200, printable else { throw ValueError(value: text, allowed: allowed) }
        if t.hasPrefix("/") {
            guard t.hasPrefix("/sys/"), !t.split(separator: "/").contains("..") else {
                throw ValueError(value: text, allowed: allowed)
            }
            return .path(t.count > 1 && t.hasSuffix("/") ? String(t.dropLast()) : t)
        }
        if t.hasPrefix("iio:device") {
            let digits = t.dropFirst("iio:device".count)
            guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits) else {
                throw ValueError(value: text, allowed: allowed)
            }
            return .number(n)
        }
        // A driver's name: what the kernel writes in `name` (letters, digits, - _ . and ,).
        guard t.utf8.count <= 64, t.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.,".contains($0)) }) else {
            throw ValueError(value: text, allowed: allowed)
        }
        return .name(t)
    }

    /// As the config writes it.
    public var description: String {
        switch self {
        case let .number(n): "iio:device\(n)"
        case let .name(s): s
        case let .path(p): p
        }
    }
}
