/// The light shows of torch firmware (Anduril 2's strobe group, a beacon, the kernel's
/// heartbeat LED trigger): each a pattern like the others, with named parameters. Each
/// effect is a `LightEffect` type in a file of its own (`Candle`, `Beacon`, …); `Effect`
/// holds one of them, and `EffectKind.allCases` lists them.
///
/// Levels are relative to the chosen brightness, as in every pattern. Random effects take
/// a seed and compile to a long pseudo-random cycle that repeats (bounded memory, the
/// same light for the same seed); the others are short exact cycles.
public struct Effect: Equatable, Sendable {
    /// The effect's own value (`Candle(seed: 42)`).
    let value: any LightEffect

    init(_ value: any LightEffect) { self.value = value }

    public static func == (a: Effect, b: Effect) -> Bool { a.value.isEqual(b.value) }

    /// The kinds' names, as written first in the pattern text and as library names.
    public static let kinds = EffectKind.allCases.map(\.rawValue)

    /// The effect with its default parameters, by kind name (`Effect.kinds`).
    public static func standard(_ kind: String) -> Effect? { EffectKind(rawValue: kind)?.standard }

    /// The parameter names of each kind, in canonical order (none for an unknown name).
    public static func parameterNames(_ kind: String) -> [String] {
        EffectKind(rawValue: kind)?.parameterNames ?? []
    }

    /// The effect's kind.
    public var effectKind: EffectKind { EffectKind(type: type(of: value)) }

    /// The kind name (`candle`, `party-strobe`).
    public var kind: String { type(of: value).name }

    /// The canonical one-line form: the kind and every parameter, in order, exactly.
    public var canonicalText: String { value.canonicalText }

    /// Throws unless every parameter is within its limits (and so the timeline within
    /// `PatternLimits`). The error names the parameter as the text writes it.
    public func checkLimits() throws(PatternLimitError) { try value.checkLimits() }

    /// The timeline the scheduler plays (the heartbeat at load 0: see `timeline(loadAverage:)`).
    public func timeline() -> Timeline { timeline(loadAverage: 0) }

    /// The timeline with the heartbeat's period for `loadAverage` (other effects ignore it).
    public func timeline(loadAverage: Double) -> Timeline { value.timeline(loadAverage: loadAverage) }

    /// Reads `kind key=value …` (the kind is `head`); errors point at the token.
    static func parse(head: PatternToken, args: [PatternToken]) throws(PatternSyntaxError) -> Effect {
        guard let kind = EffectKind(rawValue: head.text) else { throw head.error("unknown effect") }
        let names = kind.parameterNames
        var given: [String: PatternToken] = [:]
        for token in args {
            let parts = token.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0])
            let listed = names.isEmpty ? "'\(head.text)' takes no parameters"
                : "expected " + names.map { "\($0)=…" }.joined(separator: ", ")
            guard parts.count == 2, names.contains(key) else {
                throw token.error("unknown parameter: \(listed)")
            }
            guard given[key] == nil else { throw token.error("'\(key)' is given twice") }
            given[key] = token
        }
        let effect = try kind.reading(given)
        do { try effect.checkLimits() } catch {
            // A default broke no limit alone, so the parameter at fault was given.
            let token = given[error.parameter] ?? args.last ?? head
            throw token.error("expected \(error.error.allowed)")
        }
        return effect
    }
}
