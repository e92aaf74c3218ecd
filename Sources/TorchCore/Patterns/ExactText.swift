/// Durations and levels written so that reading them back gives the same value to the
/// nanosecond and to the bit: the state file must restore exactly what was running.
/// (`DurationSyntax.format` and `LevelSyntax.format` round for display.)
enum ExactText {
    /// `150ms`, `1.5s`, `171428.571us`; falls back to whole nanoseconds.
    static func duration(_ d: Duration) -> String {
        let ns = d.nanoseconds
        if ns == 0 { return "0s" }
        // Hours and minutes only when whole (`90s`, not `1.5min`), as `DurationSyntax.format`.
        let units: [(String, Int64, wholeOnly: Bool)] = [
            ("h", 3_600_000_000_000, true), ("min", 60_000_000_000, true), ("s", 1_000_000_000, false),
            ("ms", 1_000_000, false), ("us", 1_000, false),
        ]
        for (suffix, scale, wholeOnly) in units where ns.magnitude >= UInt64(scale.magnitude) {
            // At most three decimals, so the text stays short and parses back exactly.
            let (milli, overflow) = ns.multipliedReportingOverflow(by: 1000)
            guard !overflow, milli % scale == 0, !wholeOnly || ns % scale == 0 else { continue }
            let text = DecimalSyntax.format(Double(ns) / Double(scale), maxFractionDigits: 3) + suffix
            if let back = try? DurationSyntax.parse(text), back.nanoseconds == ns { return text }
        }
        return "\(ns)ns"
    }

    /// `0%`, `100%`, `40%`, `12.5%`, or a fraction such as `0.123456789` when no short
    /// percentage reads back as the same value (to the bit, tiny values included).
    static func level(_ l: Double) -> String {
        for digits in 0...4 {
            let text = DecimalSyntax.format(l * 100, maxFractionDigits: digits) + "%"
            if let back = try? LevelSyntax.parse(text), back == l { return text }
        }
        return plainDecimal(l)
    }

    /// The shortest digits that read back as `v` (Swift's `description`), written without
    /// an exponent, which `DecimalSyntax` does not read: `1.5e-05` → `0.000015`.
    /// Fixed decimals are not enough: 17 of them keep only 12 significant digits of
    /// 0.0000123…, and none of 5e-324.
    static func plainDecimal(_ v: Double) -> String {
        let text = v.description
        guard v.isFinite, let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
              let exponent = Int(text[text.index(after: e)...]) else { return text }
        var mantissa = Substring(text[..<e])
        let sign = mantissa.first == "-" ? "-" : ""
        if !sign.isEmpty { mantissa = mantissa.dropFirst() }
        // Digits before the point in the mantissa, moved by the exponent.
        let point = (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
            ?? mantissa.count) + exponent
        let digits = mantissa.filter { $0 != "." }
        if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
        if point >= digits.count { return sign + digits + String(repeating: "0", count: point - digits.count) }
        return sign + digits.prefix(point) + "." + digits.dropFirst(point)
    }
}
