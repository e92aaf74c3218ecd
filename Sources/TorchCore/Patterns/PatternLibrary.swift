/// Patterns by name, for the config's pattern list, the CLI and "next pattern":
/// the built-in presets `steady`, `blink`, `strobe-slow`, `strobe-medium`,
/// `strobe-fast`, `sos`, `breathe`, the effects with their default parameters (each
/// of `EffectKind.allCases`: `candle`, `party-strobe`, …), plus the user's named custom
/// patterns.
public struct PatternLibrary: Sendable {
    /// The built-in names, in the order `names` lists them.
    public static let builtInNames = [
        "steady", "blink", "strobe-slow", "strobe-medium", "strobe-fast", "sos", "breathe",
    ] + Effect.kinds

    /// Every name: the built-ins in their order, then the custom names sorted.
    public let names: [String]
    private let patterns: [String: Pattern]

    /// The built-ins with their default parameters and no custom patterns.
    public static let standard = PatternLibrary(builtIns: builtIns(
        blinkSpeed: 0.5, breathePeriod: .seconds(4), breatheMin: 0, breatheMax: 1, sos: .sos))

    /// - Parameters:
    ///   - blinkSpeed: the `blink` preset's speed, above 0 and at most 1 (see `BlinkSpeed`).
    ///   - breathePeriod: one full fade cycle of `breathe`, 20 ms…48 h (`PatternLimits`).
    ///   - breatheMin, breatheMax: `breathe`'s lowest and highest level, 0…1 of the brightness.
    ///   - sosUnit: the Morse dot length of `sos`, 1 ms…1 min (150 ms, the seed app's).
    ///   - sosStyle: `sos` as three letters (the default) or one sign.
    ///   - custom: name → custom pattern text (`CustomPatternSyntax`); errors name the pattern.
    public init(
        blinkSpeed: Double = 0.5,
        breathePeriod: Duration = .seconds(4),
        breatheMin: Double = 0,
        breatheMax: Double = 1,
        sosUnit: Duration = Morse.defaultSOSUnit,
        sosStyle: SOSStyle = .letters,
        custom: [String: String] = [:]
    ) throws(PatternLibraryError) {
        guard blinkSpeed > 0, blinkSpeed <= 1 else {
            throw .badParameter(name: "blink-speed", ValueError(
                value: DecimalSyntax.format(blinkSpeed, maxFractionDigits: 3),
                allowed: "a blink speed above 0 and at most 1 (0 would be off)"))
        }
        if let allowed = PatternLimits.breatheProblem(breathePeriod) {
            throw .badParameter(name: "breathe-period", ValueError(value: DurationSyntax.format(breathePeriod), allowed: allowed))
        }
        for (name, level) in [("breathe-min", breatheMin), ("breathe-max", breatheMax)] where !(0...1).contains(level) {
            throw .badParameter(name: name, ValueError(
                value: DecimalSyntax.format(level, maxFractionDigits: 3), allowed: LevelSyntax.allowedText(0...1)))
        }
        if let allowed = PatternLimits.morseUnitProblem(sosUnit) {
            throw .badParameter(name: "sos-unit", ValueError(value: DurationSyntax.format(sosUnit), allowed: allowed))
        }
        guard breatheMin > 0 || breatheMax > 0 else {
            throw .badParameter(name: "breathe-max", ValueError(value: "0%", allowed: PatternLimits.darkBreatheAllowed))
        }
        var all = PatternLibrary.builtIns(blinkSpeed: blinkSpeed, breathePeriod: breathePeriod,
                                          breatheMin: breatheMin, breatheMax: breatheMax, sos: .morse(text: sosStyle.text, unit: sosUnit))
        for name in custom.keys.sorted() {
            guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\n" }) else {
                throw .badName(name)
            }
            guard all[name] == nil else { throw .builtInName(name) }
            do {
                all[name] = .custom(try CustomPatternSyntax.parse(custom[name] ?? ""))
            } catch {
                throw .badCustomPattern(name: name, error)
            }
        }
        self.init(builtIns: all)
    }

    private init(builtIns all: [String: Pattern]) {
        patterns = all
        names = PatternLibrary.builtInNames + all.keys.filter { !PatternLibrary.builtInNames.contains($0) }.sorted()
    }

    private static func builtIns(blinkSpeed: Double, breathePeriod: Duration, breatheMin: Double,
                                 breatheMax: Double, sos: Pattern) -> [String: Pattern] {
        var all: [String: Pattern] = [:]
        for kind in Effect.kinds { all[kind] = Effect.standard(kind).map { .effect($0) } }
        return all.merging([
            "steady": .steady,
            // Speed is checked to be above 0, so there is always a pattern.
            "blink": BlinkSpeed.pattern(speed: blinkSpeed) ?? .steady,
            "strobe-slow": .strobe(.slow),
            "strobe-medium": .strobe(.medium),
            "strobe-fast": .strobe(.fast),
            "sos": sos,
            "breathe": .breathe(period: breathePeriod, minLevel: breatheMin, maxLevel: breatheMax),
        ]) { $1 }
    }

    /// The pattern called `name` (exact spelling); unknown names get a "did you mean".
    public func lookup(_ name: String) throws(PatternLibraryError) -> Pattern {
        if let p = patterns[name] { return p }
        throw .unknownName(name, suggestion: ConfigSuggestion.closest(to: name, in: names), names: names)
    }

    /// A name of the library, or a pattern as `torch status` shows it (its canonical
    /// text: `strobe slow`, `blink 500ms 500ms`), so what the status shows can be chosen
    /// again as it is written.
    public func resolve(_ text: String) throws(PatternLibraryError) -> Pattern {
        if let p = patterns[text] { return p }
        if let p = try? Pattern.parseCanonical(text) { return p }
        return try lookup(text)
    }
}
