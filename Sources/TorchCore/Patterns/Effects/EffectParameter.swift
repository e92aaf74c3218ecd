/// One parameter of a `LightEffect`: its name, the field it sets, how its value is
/// written and read, and its own limits. The kinds are the values effects take; a new
/// effect picks from them, a new kind of value is a new case here.
struct EffectParameter<E: LightEffect> {
    let name: String
    let value: Value

    enum Value {
        /// A random effect's seed, 0…4294967295.
        case seed(WritableKeyPath<E, UInt32>)
        /// A level as `LevelSyntax` reads it (`50%`, `0.5`), within a range.
        case level(WritableKeyPath<E, Double>, ClosedRange<Double>)
        /// A duration with a unit; its limits are the effect's (`checkCombinedLimits`).
        case duration(WritableKeyPath<E, Duration>)
        /// A rate in Hz (`24Hz`), within a range.
        case rate(WritableKeyPath<E, Double>, ClosedRange<Double>)
    }

    static func seed(_ name: String, _ field: WritableKeyPath<E, UInt32>) -> Self { .init(name: name, value: .seed(field)) }
    static func level(_ name: String, _ field: WritableKeyPath<E, Double>, within range: ClosedRange<Double>) -> Self {
        .init(name: name, value: .level(field, range))
    }
    static func duration(_ name: String, _ field: WritableKeyPath<E, Duration>) -> Self { .init(name: name, value: .duration(field)) }
    static func rate(_ name: String, _ field: WritableKeyPath<E, Double>, within range: ClosedRange<Double>) -> Self {
        .init(name: name, value: .rate(field, range))
    }

    /// The value as the canonical text writes it (reads back exactly).
    func text(_ effect: E) -> String {
        switch value {
        case let .seed(f): "\(effect[keyPath: f])"
        case let .level(f, _): ExactText.level(effect[keyPath: f])
        case let .duration(f): ExactText.duration(effect[keyPath: f])
        case let .rate(f, _): EffectRate.text(effect[keyPath: f])
        }
    }

    /// What a value must be, for the error when it does not read or is out of range.
    var expected: String {
        switch value {
        case .seed: "a seed from 0 to 4294967295"
        case let .level(_, range): LevelSyntax.allowedText(range)
        case .duration: DurationSyntax.allowed
        case let .rate(_, range): "a rate from \(EffectRate.text(range.lowerBound)) to \(EffectRate.text(range.upperBound))"
        }
    }

    /// Sets the field from the text after `name=`; false when it does not read.
    func read(_ text: String, into effect: inout E) -> Bool {
        switch value {
        case let .seed(f):
            guard let s = UInt32(text) else { return false }
            effect[keyPath: f] = s
        case let .level(f, _):
            guard let l = try? LevelSyntax.parse(text) else { return false }
            effect[keyPath: f] = l
        case let .duration(f):
            guard let d = try? DurationSyntax.parse(text) else { return false }
            effect[keyPath: f] = d
        case let .rate(f, _):
            guard let r = try? FrequencySyntax.parse(text) else { return false }
            effect[keyPath: f] = r
        }
        return true
    }

    /// The value and what is allowed when it is outside the parameter's own range.
    func problem(_ effect: E) -> ValueError? {
        switch value {
        case .seed, .duration:
            return nil
        case let .level(f, range):
            let v = effect[keyPath: f]
            return range.contains(v) ? nil : ValueError(value: ExactText.level(v), allowed: expected)
        case let .rate(f, range):
            let v = effect[keyPath: f]
            return range.contains(v) ? nil : ValueError(value: EffectRate.text(v), allowed: expected)
        }
    }
}

/// Rates as effects write them.
enum EffectRate {
    /// `24Hz`, `12.5Hz`: the shortest text that reads back as the same rate.
    static func text(_ hz: Double) -> String {
        for digits in 0...6 {
            let text = DecimalSyntax.format(hz, maxFractionDigits: digits) + "Hz"
            if let back = try? FrequencySyntax.parse(text), back == hz { return text }
        }
        return ExactText.plainDecimal(hz) + "Hz"
    }
}
