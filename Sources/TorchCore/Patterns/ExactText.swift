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
    /// percentage reads back as the same value.
    static func level(_ l: Double) -> String {
        for digits in 0...4 {
            let text = DecimalSyntax.format(l * 100, maxFractionDigits: digits) + "%"
            if let back = try? LevelSyntax.parse(text), back == l { return text }
        }
        for digits in 1...17 {
            let text = DecimalSyntax.format(l, maxFractionDigits: digits)
            if let back = try? LevelSyntax.parse(text), back == l { return text }
        }
        return LevelSyntax.format(l)
    }
}
