#if canImport(Glibc)
import Glibc
#endif
import CGPIOD

/// One GPIO chip device found on this machine, for listings and error messages.
public struct GPIOChipEntry: Equatable, Sendable, CustomStringConvertible {
    /// The device path, e.g. `/dev/gpiochip0`.
    public var path: String
    /// The kernel name, e.g. `gpiochip0`.
    public var name: String
    /// The chip's label; nil when the chip could not be opened (see `openErrno`).
    public var label: String?
    /// How many lines the chip has; nil when it could not be opened.
    public var lineCount: Int?
    /// The errno from opening it (0 when it opened).
    public var openErrno: Int32

    public init(path: String, name: String, label: String? = nil, lineCount: Int? = nil, openErrno: Int32 = 0) {
        self.path = path
        self.name = name
        self.label = label
        self.lineCount = lineCount
        self.openErrno = openErrno
    }

    /// "gpiochip0 [pinctrl-bcm2711]", or just "gpiochip0" when it could not be opened.
    public var description: String {
        label.map { "\(name) [\($0)]" } ?? name
    }

    /// Every `gpiochipN` device in `devDirectory`, in number order, each opened once to
    /// read its label and line count.
    public static func scan(devDirectory: String = "/dev") -> [GPIOChipEntry] {
        var numbers: [Int] = []
        if let dir = opendir(devDirectory) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                let digits = name.dropFirst("gpiochip".count)
                if name.hasPrefix("gpiochip"), let n = Int(digits), n >= 0, String(n) == digits {
                    numbers.append(n)
                }
            }
            closedir(dir)
        }
        return numbers.sorted().map { n in
            let path = devDirectory + "/gpiochip\(n)"
            var chip: OpaquePointer?
            let rc = cgpiod_chip_open(path, &chip)
            guard rc == 0, let chip else {
                return GPIOChipEntry(path: path, name: "gpiochip\(n)", openErrno: -rc)
            }
            defer { cgpiod_chip_close(chip) }
            return GPIOChipEntry(path: path, name: String(cString: cgpiod_chip_name(chip)),
                                 label: String(cString: cgpiod_chip_label(chip)),
                                 lineCount: Int(cgpiod_chip_num_lines(chip)))
        }
    }
}
