/// Durations as people write them: `10us`, `20ms`, `1.5s`, `30min`, `2h`, `500ns`.
/// A unit is required (a bare `20` is ambiguous), except for `0`.
public enum DurationSyntax {
    public static let allowed = "a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)"
    /// The longest duration taken: nanoseconds below 9.2 × 10¹⁸, which 64 bits hold.
    static let tooLong = "a duration of at most 2555555h (about 291 years)"

    private static let units: [(suffix: String, nanoseconds: Double)] = [
        ("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9),
        ("min", 60e9), ("m", 60e9), ("h", 3600e9),
    ]

    /// Parses a non-negative duration.
    public static func parse(_ text: String) throws(ValueError) -> Duration {
        let t = text.trimmedASCII
        if t == "0" { return .zero }
        // Longest suffix first so "ms" is not read as "m" + "s".
        for (suffix, scale) in units.sorted(by: { $0.suffix.count > $1.suffix.count }) where t.hasSuffix(suffix) {
            let number = String(t.dropLast(suffix.count))
            guard let v = DecimalSyntax.parse(number) else { break }
            // The unit is there: a number out of range says so, not that a unit is missing.
            guard v >= 0 else { throw ValueError(value: text, allowed: "a duration of 0 or more") }
            guard let ns = Int64(exactly: (v * scale).rounded()), ns < 9_200_000_000_000_000_000 else {
                throw ValueError(value: text, allowed: tooLong)
            }
            return .nanoseconds(ns)
        }
        throw ValueError(value: text, allowed: allowed)
    }

    /// Formats a duration with the largest unit that keeps it short: `150ms`, `1.5s`, `30min`.
    public static func format(_ d: Duration) -> String {
        let ns = d.nanoseconds
        if ns == 0 { return "0s" }
        let a = Double(ns)
        func f(_ v: Double, _ u: String) -> String { DecimalSyntax.format(v, maxFractionDigits: 3) + u }
        if ns % 3_600_000_000_000 == 0 { return f(a / 3600e9, "h") }
        if ns % 60_000_000_000 == 0 { return f(a / 60e9, "min") }
        if abs(ns) >= 1_000_000_000 { return f(a / 1e9, "s") }
        if abs(ns) >= 1_000_000 { return f(a / 1e6, "ms") }
        if abs(ns) >= 1_000 { return f(a / 1e3, "us") }
        return f(a, "ns")
    }
}

/// Decimal numbers without Foundation: `12`, `0.5`, `.25`, `1e3` are not needed here,
/// so only `[+]digits[.digits]` is accepted.
public enum DecimalSyntax {
    public static func parse(_ text: String) -> Double? {
        var s = Substring(text)
        if s.first == "+" { s = s.dropFirst() }
        var negative = false
        if s.first == "-" { negative = true; s = s.dropFirst() }
        guard !s.isEmpty else { return nil }
        var whole = "", frac = "", seenDot = false
        for c in s {
            if c == "." {
                if seenDot { return nil }
                seenDot = true
                continue
            }
            guard c.isASCII, c.wholeNumberValue != nil else { return nil }
            if seenDot { frac.append(c) } else { whole.append(c) }
        }
        guard !(whole.isEmpty && frac.isEmpty) else { return nil }
        // The grammar is checked above; the standard library then rounds correctly
        // (summing digit × 0.1ⁿ by hand made "0.3" read as 0.30000000000000004).
        guard let v = Double((whole.isEmpty ? "0" : whole) + (frac.isEmpty ? "" : "." + frac)) else { return nil }
        return negative ? -v : v
    }

    /// Formats with at most `maxFractionDigits` (0…17) decimals and no trailing zeros.
    public static func format(_ v: Double, maxFractionDigits requested: Int) -> String {
        // 10^18 and up would not fit the Int64 conversions below.
        let maxFractionDigits = min(17, max(0, requested))
        var p = 1.0
        for _ in 0..<maxFractionDigits { p *= 10 }
        let r = (abs(v) * p).rounded()
        // Int64 conversion traps beyond ±9.2e18 (and on inf/NaN): print those plainly.
        guard r < 9.2e18 else { return "\(v)" }
        let whole = Int64(r / p)
        var fracDigits = Int64(r) - whole * Int64(p)
        var out = (v < 0 && r != 0 ? "-" : "") + String(whole)
        if fracDigits == 0 { return out }
        var s = String(fracDigits)
        while s.count < maxFractionDigits { s = "0" + s }
        while s.hasSuffix("0") { s.removeLast(); fracDigits /= 10 }
        out += "." + s
        return out
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces and tabs.
    public var trimmedASCII: String {
        // "\r\n" is one Character in Swift, equal to neither "\r" nor "\n": list it too,
        // or CRLF line endings survive the trim.
        func blank(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\r" || c == "\n" || c == "\r\n" }
        var s = Substring(self)
        while let f = s.first, blank(f) { s = s.dropFirst() }
        while let l = s.last, blank(l) { s = s.dropLast() }
        return String(s)
    }
}
