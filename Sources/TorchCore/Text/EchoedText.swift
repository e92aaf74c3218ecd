/// Text from a file or a client, made safe to echo in a one-line message on a terminal.
///
/// Whatever a config or state file holds reaches stderr inside error messages: an
/// escape sequence there would drive the terminal, and a megabyte-long value would be
/// printed whole (once per error). So control characters are shown as escapes and a
/// value is cut after `limit` characters with `…`.
public enum EchoedText {
    /// The characters of a value shown before `…` (the "at most 40").
    public static let valueLimit = 40

    /// `s` with control characters escaped (`\x1b`, `\x7f`, `\u{9b}` for C1 controls)
    /// and anything past `limit` Unicode scalars replaced by `…`.
    public static func bounded(_ s: String, limit: Int = valueLimit) -> String {
        var out = ""
        for (i, u) in s.unicodeScalars.enumerated() {
            if i == limit { return out + "…" }
            out += escaped(u)
        }
        return out
    }

    /// `s` with control characters escaped, at any length: for whole messages whose
    /// values were bounded already.
    public static func escapingControls(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars { out += escaped(u) }
        return out
    }

    private static func escaped(_ u: Unicode.Scalar) -> String {
        switch u.value {
        case 0..<0x20, 0x7F: return "\\x" + hex(u.value)
        case 0x80..<0xA0: return "\\u{" + hex(u.value) + "}"
        default: return String(u)
        }
    }

    private static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }
}
