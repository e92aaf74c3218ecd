import TorchCore

/// The pattern a light command asks for, with whatever it leaves to the config: `torch
/// blink` alone is the config's `blink-speed`, `torch sos` its `sos-unit`, `torch
/// breathe` its `breathe-period`. Resolved against the config's pattern library.
public enum PatternChoice: Equatable, Sendable {
    /// Fully given on the command line.
    case exact(Pattern)
    /// The library's preset of this name (`blink`, `sos`).
    case preset(String)
    /// Breathe; nil period: the config's `breathe-period`.
    case breathe(period: Duration?, minLevel: Double, maxLevel: Double)
    /// Morse text; nil unit: the config's `sos-unit`.
    case morse(text: String, unit: Duration?)
    /// SOS; nil style or unit: the config's `sos-style`, `sos-unit`.
    case sos(style: SOSStyle?, unit: Duration?)

    /// The pattern, with the config's values where the command line gave none.
    public func resolve(_ library: PatternLibrary) -> Pattern {
        switch self {
        case let .exact(p):
            return p
        case let .preset(name):
            return (try? library.lookup(name)) ?? .steady
        case let .breathe(period, lo, hi):
            return .breathe(period: period ?? library.breathePeriod, minLevel: lo, maxLevel: hi)
        case let .morse(text, unit):
            return .morse(text: text, unit: unit ?? library.sosUnit)
        case let .sos(style, unit):
            return .morse(text: style?.text ?? library.sosText, unit: unit ?? library.sosUnit)
        }
    }
}

extension PatternLibrary {
    /// The `breathe` preset's period (`breathe-period`).
    public var breathePeriod: Duration {
        if case let .breathe(period, _, _) = (try? lookup("breathe")) { return period }
        return .seconds(4)  // every library has the built-in breathe; this is its default
    }

    /// The `sos` preset's Morse text (`sos-style`).
    public var sosText: String {
        if case let .morse(text, _) = (try? lookup("sos")) { return text }
        return SOSStyle.letters.text  // every library has the built-in sos; this is its default
    }

    /// The `sos` preset's Morse unit (`sos-unit`).
    public var sosUnit: Duration {
        if case let .morse(_, unit) = (try? lookup("sos")) { return unit }
        return Morse.defaultSOSUnit  // every library has the built-in sos
    }
}
