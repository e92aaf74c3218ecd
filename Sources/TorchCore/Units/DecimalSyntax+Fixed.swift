/// Fixed-point decimals for measurements (bench reports): the digits after the point are
/// part of what a figure says, so trailing zeros stay ("1.50"). `format` is the form for
/// settings, which drops them.
extension DecimalSyntax {
    /// `x` with exactly `decimals` digits after the point (0…9), rounded half away from
    /// zero: fixed(2.345, decimals: 2) → "2.35" (up to binary representation).
    /// Non-finite values give "nan", "inf" or "-inf".
    public static func fixed(_ x: Double, decimals: Int) -> String {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x < 0 ? "-inf" : "inf" }
        let d = Swift.min(9, Swift.max(0, decimals))
        var scale: UInt64 = 1
        for _ in 0..<d { scale *= 10 }
        let scaled = (x.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero)
        // Beyond 2^63 the decimals are noise anyway; keep the integer part exact enough.
        guard scaled < 9.2e18 else { return (x < 0 ? "-" : "") + "\(x.magnitude)" }
        let units = UInt64(scaled)
        let whole = units / scale
        var text = "\(whole)"
        if d > 0 {
            var frac = "\(units % scale)"
            while frac.count < d { frac = "0" + frac }
            text += "." + frac
        }
        return x < 0 && units != 0 ? "-" + text : text
    }

    /// Nanoseconds as microseconds with one decimal, rounded half away from zero:
    /// 12_345 ns → "12.3", -50 ns → "-0.1", 0 → "0.0".
    public static func microseconds(_ ns: Int64) -> String {
        let negative = ns < 0
        let magnitude = ns.magnitude
        let tenths = (magnitude + 50) / 100
        let text = "\(tenths / 10).\(tenths % 10)"
        return negative && tenths != 0 ? "-" + text : text
    }

    /// Nanoseconds (fractional, e.g. a mean) as microseconds with one decimal.
    public static func microseconds(_ ns: Double) -> String {
        fixed(ns / 1000, decimals: 1)
    }
}
