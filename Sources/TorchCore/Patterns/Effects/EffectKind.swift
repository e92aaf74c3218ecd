/// The kinds of `Effect`, in the order the help, the docs and the completion list them:
/// one line per `LightEffect` type below is all the rest of the code needs to know of
/// an effect (the compiler cannot list a protocol's types itself).
public struct EffectKind: Hashable, Sendable, CustomStringConvertible {
    static let types: [any LightEffect.Type] = [
        Candle.self,
        Lightning.self,
        Bike.self,
        Beacon.self,
        PartyStrobe.self,
        TacticalStrobe.self,
        Heartbeat.self,
    ]

    public static let allCases: [EffectKind] = types.map { EffectKind(type: $0) }

    let type: any LightEffect.Type

    /// The kind named `rawValue` (`party-strobe`), if there is one.
    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    init(type: any LightEffect.Type) { self.type = type }

    /// The name (`candle`, `party-strobe`).
    public var rawValue: String { type.name }
    public var description: String { rawValue }

    /// The effect with its default parameters.
    public var standard: Effect { Effect(type.init()) }

    /// The parameter names, in canonical order.
    public var parameterNames: [String] { type.parameterNames }

    /// Its line in `torch pattern --help`, after the name and the defaults.
    public var summary: String { type.summary }

    /// Its paragraph in torch(1)'s EFFECTS (plain text).
    public var manual: String { type.manual }

    /// The defaults as `key=value` words (`rate=24Hz`, `flash=1ms`), in canonical order.
    public var defaultParameters: [String] { Array(standard.canonicalText.split(separator: " ").dropFirst().map(String.init)) }

    /// The effect with the given parameters (`key=value` tokens by key) over the defaults.
    func reading(_ given: [String: PatternToken]) throws(PatternSyntaxError) -> Effect {
        Effect(try type.reading(given))
    }

    public static func == (a: EffectKind, b: EffectKind) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
