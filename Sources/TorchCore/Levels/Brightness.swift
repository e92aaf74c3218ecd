/// The brightness a person asks for: 1…100 % of perceived lightness. It is never 0:
/// "on" always emits light (the seed app's minimum torch level of 0.01); "off" is a
/// separate state, not a brightness.
public struct Brightness: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The smallest "on" brightness: 1 %.
    public static let minimum = 0.01
    public static let full = Brightness(clamping: 1)

    /// Perceived lightness as a fraction, 0.01…1.
    public let fraction: Double

    /// Clamps into 1…100 % (the seed app's clamp to a non-zero minimum).
    public init(clamping fraction: Double) {
        self.fraction = fraction.isNaN ? Brightness.minimum : min(1, max(Brightness.minimum, fraction))
    }

    /// What a brightness may be, as errors say it.
    public static let allowed = "a brightness from 1% to 100% (or 0.01 to 1.0)"

    /// Parses `40%` or a fraction with a decimal point (`0.4`, `1.0`); 0 and values
    /// above 100 % are errors, not clamped. A number with neither `%` nor a decimal point
    /// is refused with the fix: a bare `40` reads as 40 % to one person and 4000 % to
    /// another, and a bare `1` as full to one and 1 % to another.
    public static func parse(_ text: String) throws(ValueError) -> Brightness {
        let t = text.trimmedASCII
        if !t.hasSuffix("%"), !t.contains("."), let n = DecimalSyntax.parse(t) {
            throw ValueError(value: text, allowed: allowed + "; " + bareNumberHint(n, written: t))
        }
        do {
            return Brightness(clamping: try LevelSyntax.parse(text, range: minimum...1))
        } catch {
            throw ValueError(value: text, allowed: allowed)
        }
    }

    /// A machine's number (the control protocol's JSON `0.4`): a fraction 0.01…1, where
    /// `1` is full; a percent-like number is refused with the fix.
    public static func parse(fraction n: Double) throws(ValueError) -> Brightness {
        guard n.isFinite, (minimum...1).contains(n) else {
            let text = DecimalSyntax.format(n, maxFractionDigits: 6)
            let hint = n > 1 && n <= 100 ? "; did you mean \"\(text)%\"?" : ""
            throw ValueError(value: text, allowed: allowed + hint)
        }
        return Brightness(clamping: n)
    }

    /// The fix for a number written with neither `%` nor a decimal point.
    static func bareNumberHint(_ n: Double, written t: String) -> String {
        if n == 0 { return "0 is no light (torch off goes dark)" }
        if n == 1 { return "did you mean 100% (or 1.0) for full, or 1% for the lowest?" }
        if n > 1 && n <= 100 { return "did you mean \(t)%?" }
        return "write a percent (40%) or a fraction with a decimal point (0.4)"
    }

    public static func < (a: Brightness, b: Brightness) -> Bool { a.fraction < b.fraction }

    /// "40%"
    public var description: String { LevelSyntax.format(fraction) }
}
