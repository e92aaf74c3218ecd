#if canImport(Glibc)
import Glibc
#endif
import TorchHardware

/// How the kernel reads a number written to a sysfs attribute (`kstrtou64`,
/// `kstrtouint`, `kstrtoint` with base 0, lib/kstrtox.c), so the test double accepts and
/// refuses exactly what the kernel does: an optional `+` (or `-` for signed), `0x` for
/// hex, a leading `0` for octal, one optional trailing newline, nothing else. No digits
/// or stray characters → EINVAL; too large → ERANGE.
public enum KernelNumberParsing {
    /// `kstrtoull(text, 0)` limited to `max` (UInt32.max for `kstrtouint`); with
    /// `decimal`, `kstrtoul(text, 10)` (no `0x`, a leading `0` is just a digit).
    public static func unsigned(_ text: String, max: UInt64 = .max, decimal: Bool = false) -> Result<UInt64, SysfsErrno> {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        return parseMagnitude(bytes, decimal: decimal).flatMap { v in
            v > max ? .failure(SysfsErrno(ERANGE)) : .success(v)
        }
    }

    /// `kstrtoint(text, 0)`.
    public static func int32(_ text: String) -> Result<Int32, SysfsErrno> {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        } else if bytes.first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        return parseMagnitude(bytes).flatMap { v in
            let limit: UInt64 = negative ? UInt64(Int32.max) + 1 : UInt64(Int32.max)
            guard v <= limit else { return .failure(SysfsErrno(ERANGE)) }
            return .success(negative ? Int32(truncatingIfNeeded: 0 &- Int64(v)) : Int32(v))
        }
    }

    /// `sysfs_streq`: equal, ignoring one trailing newline on the written text.
    static func sysfsEqual(_ text: String, _ word: String) -> Bool {
        text == word || text == word + "\n"
    }

    /// `_parse_integer_fixup_radix` + `_parse_integer` + the trailing-newline rule.
    private static func parseMagnitude(_ input: ArraySlice<UInt8>, decimal: Bool = false) -> Result<UInt64, SysfsErrno> {
        var s = input
        var radix: UInt64 = 10
        if !decimal && s.first == UInt8(ascii: "0") {
            let second = s.dropFirst().first
            let third = s.dropFirst(2).first
            if let second, second | 0x20 == UInt8(ascii: "x"), let third, digit(third, radix: 16) != nil {
                radix = 16
                s = s.dropFirst(2)
            } else {
                radix = 8
            }
        }
        var value: UInt64 = 0
        var count = 0
        var overflow = false
        while let c = s.first, let d = digit(c, radix: radix) {
            let (m, o1) = value.multipliedReportingOverflow(by: radix)
            let (a, o2) = m.addingReportingOverflow(d)
            if o1 || o2 { overflow = true }
            value = a
            count += 1
            s = s.dropFirst()
        }
        if overflow { return .failure(SysfsErrno(ERANGE)) }
        if count == 0 { return .failure(SysfsErrno(EINVAL)) }
        if s.first == UInt8(ascii: "\n") { s = s.dropFirst() }
        return s.isEmpty ? .success(value) : .failure(SysfsErrno(EINVAL))
    }

    private static func digit(_ c: UInt8, radix: UInt64) -> UInt64? {
        let v: UInt64
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt64(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): v = UInt64(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): v = UInt64(c - UInt8(ascii: "A") + 10)
        default: return nil
        }
        return v < radix ? v : nil
    }
}
