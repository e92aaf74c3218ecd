/// Formats a sysfs number by hand into caller-owned bytes, so the real-time duty write
/// needs no `String`, no Foundation and no allocation.
public enum PWMDecimal {
    /// The most bytes a `UInt64` takes in decimal (18446744073709551615).
    public static let maxDigits = 20

    /// Writes `value` in decimal (no sign, no newline) at the start of `buffer` and
    /// returns how many bytes it used; 0 when the buffer is shorter than the number.
    @inline(__always)
    public static func format(_ value: UInt64, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        guard digits <= buffer.count, let base = buffer.baseAddress else { return 0 }
        var v = value
        var i = digits
        repeat {
            i -= 1
            base.storeBytes(of: UInt8(truncatingIfNeeded: 48 + v % 10), toByteOffset: i, as: UInt8.self)
            v /= 10
        } while v > 0
        return digits
    }
}
