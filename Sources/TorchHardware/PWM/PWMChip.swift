/// One PWM controller under `/sys/class/pwm`: its kernel name (`pwmchip0`), the device
/// it belongs to (`1f00098000.pwm`) and how many channels it has (`npwm`).
///
/// Chip numbers are not stable between kernels (Raspberry Pi 5: header PWM was
/// pwmchip2 on 6.6 and pwmchip0 on 6.12), so callers name a chip by its device.
public struct PWMChip: Equatable, Sendable, CustomStringConvertible {
    /// The kernel name, e.g. `pwmchip0`.
    public var name: String
    /// The chip's directory, e.g. `/sys/class/pwm/pwmchip0`.
    public var path: String
    /// The device name from the `device` link, e.g. `1f00098000.pwm`; empty if unknown.
    public var device: String
    /// Channels 0 ..< channelCount (the `npwm` file).
    public var channelCount: Int

    public init(name: String, path: String, device: String, channelCount: Int) {
        self.name = name
        self.path = path
        self.device = device
        self.channelCount = channelCount
    }

    /// "pwmchip0 [1f00098000.pwm, 4 channels]".
    public var description: String {
        let count = channelCount == 1 ? "1 channel" : "\(channelCount) channels"
        return device.isEmpty ? "\(name) [\(count)]" : "\(name) [\(device), \(count)]"
    }

    /// The standard place of the PWM class.
    public static let classDirectory = "/sys/class/pwm"

    /// Every `pwmchipN` under `classDirectory`, ordered by number. Chips whose `npwm`
    /// cannot be read are listed with 0 channels rather than hidden.
    public static func scan(_ fs: any SysfsFileSystem, classDirectory: String = classDirectory) -> [PWMChip] {
        guard let names = try? fs.listDirectory(classDirectory) else { return [] }
        let chips = names.filter { chipNumber($0) != nil }.sorted {
            (chipNumber($0) ?? 0) < (chipNumber($1) ?? 0)
        }
        return chips.map { name in
            let path = classDirectory + "/" + name
            let npwm = (try? fs.readSmallFile(path + "/npwm")).flatMap { parseUnsigned($0) } ?? 0
            let link = (try? fs.readLink(path + "/device")) ?? ""
            return PWMChip(name: name, path: path, device: lastComponent(link),
                           channelCount: Int(clamping: npwm))
        }
    }

    /// Finds a chip by its device name (`1f00098000.pwm`), its kernel name
    /// (`pwmchip0`), its number (`0`) or its path (`/sys/class/pwm/pwmchip0`).
    /// - Parameter hint: appended to the not-found error, e.g. the overlay line the
    ///   board profile knows (`add dtoverlay=pwm-2chan to /boot/firmware/config.txt`).
    public static func find(_ spec: String, in fs: any SysfsFileSystem,
                            classDirectory: String = classDirectory,
                            hint: String? = nil) throws(HardwareError) -> PWMChip {
        let chips = scan(fs, classDirectory: classDirectory)
        let wanted = spec.hasSuffix("/") ? String(spec.dropLast()) : spec
        let match = chips.first { $0.device == wanted && !wanted.isEmpty }
            ?? chips.first { $0.name == wanted || $0.path == wanted || "pwmchip" + wanted == $0.name }
            ?? chips.first { wanted.hasPrefix("/") && lastComponent(wanted) == $0.name }
        guard let match else { throw PWMErrors.chipMissing(spec, available: chips, hint: hint) }
        return match
    }

    /// The number in `pwmchipN`, or nil for any other name.
    public static func chipNumber(_ name: String) -> Int? {
        guard name.hasPrefix("pwmchip") else { return nil }
        let digits = name.dropFirst(7)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// The last path component of a link target: `../../../1f00098000.pwm` → `1f00098000.pwm`.
    static func lastComponent(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? ""
    }

    /// A sysfs number as the kernel prints it ("500000\n"); nil when not a plain number.
    static func parseUnsigned(_ text: String) -> UInt64? {
        var t = Substring(text)
        while let last = t.last, last == "\n" || last == " " { t = t.dropLast() }
        return UInt64(t)
    }
}
