#if canImport(Glibc)
import Glibc
#endif
import CGPIOD

/// An open GPIO chip (`/dev/gpiochipN`) through libgpiod: its name, label and lines,
/// and the place line requests are made from. Closes its handle in `deinit`; requests
/// made from it hold their own handles and outlive it.
public final class GPIOChip {
    /// The device path, e.g. `/dev/gpiochip0`.
    public let path: String
    /// The kernel name, e.g. `gpiochip0`.
    public let name: String
    /// The label, e.g. `pinctrl-bcm2711` or `gpio-sim.0-node0`.
    public let label: String
    /// How many lines the chip has (offsets 0 ..< lineCount).
    public let lineCount: Int

    let handle: OpaquePointer

    /// Opens a chip named in any form gpioset accepts (`0`, `gpiochip0`,
    /// `/dev/gpiochip0`, label). `devDirectory` is where chips live (tests change it).
    public convenience init(_ spec: String, devDirectory: String = "/dev") throws(HardwareError) {
        let name = GPIOChipName(parsing: spec)
        if let path = name.path(in: devDirectory) {
            try self.init(path: path, named: name, devDirectory: devDirectory)
            return
        }
        // A label: the first chip whose label matches, as libgpiod's lookup does.
        let chips = GPIOChipEntry.scan(devDirectory: devDirectory)
        if let match = chips.first(where: { $0.label == spec }) {
            try self.init(path: match.path, named: name, devDirectory: devDirectory)
            return
        }
        if let denied = chips.first(where: { $0.openErrno == EACCES || $0.openErrno == EPERM }) {
            // Unreadable chips may hold the label: say how to get access.
            throw GPIOErrors.permissionDenied(path: denied.path, errno: denied.openErrno)
        }
        throw GPIOErrors.chipMissing(name, available: chips)
    }

    private init(path: String, named: GPIOChipName, devDirectory: String) throws(HardwareError) {
        var chip: OpaquePointer?
        let rc = cgpiod_chip_open(path, &chip)
        guard rc == 0, let chip else {
            switch -rc {
            case ENOENT, ENODEV, ENOTDIR:
                throw GPIOErrors.chipMissing(named, available: GPIOChipEntry.scan(devDirectory: devDirectory))
            case EACCES, EPERM:
                throw GPIOErrors.permissionDenied(path: path, errno: -rc)
            case let code:
                throw GPIOErrors.failed("\(path): cannot open as a GPIO chip", errno: code)
            }
        }
        self.handle = chip
        self.path = path
        self.name = String(cString: cgpiod_chip_name(chip))
        self.label = String(cString: cgpiod_chip_label(chip))
        self.lineCount = Int(cgpiod_chip_num_lines(chip))
    }

    deinit { cgpiod_chip_close(handle) }

    /// "gpiochip0 [pinctrl-bcm2711]".
    public var description: String { "\(name) [\(label)]" }

    /// What the kernel says about line `offset` now.
    public func lineInfo(_ offset: UInt32) throws(HardwareError) -> GPIOLineInfo {
        guard Int(offset) < lineCount else {
            throw GPIOErrors.offsetOutOfRange(Int(offset), chip: name, lineCount: lineCount)
        }
        var info = cgpiod_line_info()
        let rc = cgpiod_chip_line_info(handle, offset, &info)
        guard rc == 0 else { throw GPIOErrors.failed("\(name) line \(offset): line info", errno: -rc) }
        return GPIOLineInfo(
            offset: info.offset,
            name: Self.string(from: info.name),
            consumer: Self.string(from: info.consumer),
            isUsed: info.used, isOutput: info.output, isActiveLow: info.active_low)
    }

    /// Every line of the chip, in offset order.
    public func lines() throws(HardwareError) -> [GPIOLineInfo] {
        var all: [GPIOLineInfo] = []
        all.reserveCapacity(lineCount)
        for offset in 0..<UInt32(lineCount) { all.append(try lineInfo(offset)) }
        return all
    }

    /// The offset of a line given by offset (`18`) or by name (`GPIO18`).
    public func offset(of line: String) throws(HardwareError) -> UInt32 {
        if !line.isEmpty, line.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard let n = Int(line), n < lineCount, let offset = UInt32(exactly: n) else {
                throw GPIOErrors.offsetOutOfRange(Int(line) ?? Int.max, chip: name, lineCount: lineCount)
            }
            return offset
        }
        let rc = cgpiod_chip_find_line(handle, line)
        if rc >= 0 { return UInt32(rc) }
        guard -rc == ENOENT else { throw GPIOErrors.failed("\(name): finding line '\(line)'", errno: -rc) }
        let names = (try? lines().map(\.name)) ?? []
        throw GPIOErrors.unknownLineName(line, chip: name, lineNames: names)
    }

    /// Turns a failed line request into its one-line error (busy names the holder).
    func requestError(_ code: Int32, offset: UInt32, what: String) -> HardwareError {
        let info = (try? lineInfo(offset)) ?? GPIOLineInfo(offset: offset, name: "")
        switch code {
        case EBUSY:
            return GPIOErrors.lineBusy(chip: name, line: info,
                                       torches: info.consumer == "torch" ? ProcessTable.pids(named: "torch") : [])
        case EACCES, EPERM: return GPIOErrors.permissionDenied(path: path, errno: code)
        case EINVAL where Int(offset) >= lineCount:
            return GPIOErrors.offsetOutOfRange(Int(offset), chip: name, lineCount: lineCount)
        default: return GPIOErrors.failed("\(name) \(info.label): \(what)", errno: code)
        }
    }

    /// A fixed C char array as a String, up to its first NUL.
    static func string<T>(from tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
