/// One effect as a type of its own: its name, its help and manual text, its parameters
/// (defaults, limits, text both ways) and its steps, declared in one file. `EffectKind`
/// lists the types; the pattern text, the library, `torch pattern --help`, torch(1)'s
/// EFFECTS, the shell completion and the config reference are derived from that list.
///
/// Effects as text: the name, then `key=value` parameters in any order, each optional
/// (its default when left out). The canonical text writes every parameter, in order,
/// exactly (it reads back as the same effect, to the nanosecond and the bit):
///
///     candle seed=0                      seed 0…4294967295
///     beacon on=100ms every=2s           flash length; one flash per `every`
///     heartbeat                          no parameters: the load average sets its rate
protocol LightEffect: Sendable, Equatable {
    /// The name as the pattern text, the library, the completion and the docs write it.
    static var name: String { get }
    /// Its line in `torch pattern --help`, after the name and the defaults.
    static var summary: String { get }
    /// Its paragraph in torch(1)'s EFFECTS: plain text (µ and × become roff's own).
    static var manual: String { get }
    /// The parameters in canonical order; the default values are those of `init()`.
    static var parameters: [EffectParameter<Self>] { get }
    /// The effect with its default parameters.
    init()
    /// Throws unless the parameters agree with each other; each parameter's own limits
    /// (`EffectParameter`) are checked before.
    func checkCombinedLimits() throws(PatternLimitError)
    /// The timeline the scheduler plays; `loadAverage` is the 1-minute load average
    /// (only the heartbeat follows it).
    func timeline(loadAverage: Double) -> Timeline
}

extension LightEffect {
    func checkCombinedLimits() throws(PatternLimitError) {}

    static var parameterNames: [String] { parameters.map(\.name) }

    /// `candle seed=0`: the name and every parameter.
    var canonicalText: String {
        ([Self.name] + Self.parameters.map { "\($0.name)=\($0.text(self))" }).joined(separator: " ")
    }

    /// Throws unless every parameter is within its limits (and so the timeline within
    /// `PatternLimits`). The error names the parameter as the text writes it.
    func checkLimits() throws(PatternLimitError) {
        for p in Self.parameters {
            if let problem = p.problem(self) { throw PatternLimitError(parameter: p.name, error: problem) }
        }
        try checkCombinedLimits()
    }

    /// The defaults with the given parameters read in canonical order; the error points
    /// at the token that does not read.
    static func reading(_ given: [String: PatternToken]) throws(PatternSyntaxError) -> Self {
        var effect = Self()
        for p in parameters {
            guard let token = given[p.name] else { continue }
            guard p.read(String(token.text.dropFirst(p.name.count + 1)), into: &effect) else {
                throw token.error("expected \(p.expected)")
            }
        }
        return effect
    }

    func isEqual(_ other: any LightEffect) -> Bool { (other as? Self) == self }

    /// A limit error for `parameter` with its value as text and what is allowed.
    func limitError(_ parameter: String, _ value: String, _ allowed: String) -> PatternLimitError {
        PatternLimitError(parameter: parameter, error: ValueError(value: value, allowed: allowed))
    }
}
