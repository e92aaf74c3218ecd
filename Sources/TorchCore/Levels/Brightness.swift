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

    /// Parses `40%` or `0.4`; 0 and values above 100 % are errors, not clamped.
    public static func parse(_ text: String) throws(ValueError) -> Brightness {
        do {
            return Brightness(clamping: try LevelSyntax.parse(text, range: minimum...1))
        } catch {
            throw ValueError(value: text, allowed: "a brightness from 1% to 100% (or 0.01 to 1)")
        }
    }

    public static func < (a: Brightness, b: Brightness) -> Bool { a.fraction < b.fraction }

    /// "40%"
    public var description: String { LevelSyntax.format(fraction) }
}
