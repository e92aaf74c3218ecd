/// Effects as text: the kind, then `key=value` parameters in any order, each optional
/// (its default when left out). The canonical text writes every parameter, in order,
/// exactly (it reads back as the same effect, to the nanosecond and the bit):
///
///     candle seed=0                      seed 0…4294967295
///     lightning seed=0                   seed 0…4294967295
///     bike base=50%                      base level 1%…90%
///     beacon on=100ms every=2s           flash length; one flash per `every`
///     party-strobe rate=24Hz flash=1ms   1Hz…125Hz; flash 50us…half the period
///     tactical-strobe rate=10Hz          1Hz…125Hz, lit a third of each cycle
///     heartbeat                          no parameters: the load average sets its rate
extension Effect {
    /// The parameter names of each kind, in canonical order (none for an unknown name).
    public static func parameterNames(_ kind: String) -> [String] {
        EffectKind(rawValue: kind)?.parameterNames ?? []
    }

    /// The canonical one-line form.
    public var canonicalText: String {
        var words = [kind]
        switch self {
        case let .candle(seed), let .lightning(seed):
            words.append("seed=\(seed)")
        case let .bike(base):
            words.append("base=" + ExactText.level(base))
        case let .beacon(on, every):
            words += ["on=" + ExactText.duration(on), "every=" + ExactText.duration(every)]
        case let .partyStrobe(rate, flash):
            words += ["rate=" + Self.rateText(rate), "flash=" + ExactText.duration(flash)]
        case let .tacticalStrobe(rate):
            words.append("rate=" + Self.rateText(rate))
        case .heartbeat:
            break
        }
        return words.joined(separator: " ")
    }

    /// Throws unless every parameter is within its limits (and so the timeline within
    /// `PatternLimits`). The error names the parameter as the text writes it.
    public func checkLimits() throws(PatternLimitError) {
        func fail(_ parameter: String, _ value: String, _ allowed: String) -> PatternLimitError {
            PatternLimitError(parameter: parameter, error: ValueError(value: value, allowed: allowed))
        }
        switch self {
        case .candle, .lightning, .heartbeat:
            return
        case let .bike(base):
            guard BikeFlasher.bases.contains(base) else {
                throw fail("base", ExactText.level(base), LevelSyntax.allowedText(BikeFlasher.bases))
            }
        case let .beacon(on, every):
            if let a = PatternLimits.blinkProblem(on, on: true) { throw fail("on", PatternLimits.text(on), a) }
            guard every <= PatternLimits.maximumStep, every - on >= PatternLimits.minimumHold else {
                throw fail("every", PatternLimits.text(every), "a period at least \(PatternLimits.text(PatternLimits.minimumHold)) longer than the flash (on=\(PatternLimits.text(on))) and at most \(PatternLimits.text(PatternLimits.maximumStep))")
            }
        case let .partyStrobe(rate, flash):
            guard Strobes.rates.contains(rate) else { throw fail("rate", Self.rateText(rate), Self.rateAllowed) }
            let half = Duration.nanoseconds(Strobes.period(rate).nanoseconds / 2)
            guard flash >= PatternLimits.minimumHold, flash <= half else {
                throw fail("flash", PatternLimits.text(flash), "a flash from \(PatternLimits.text(PatternLimits.minimumHold)) to half the strobe's period (\(PatternLimits.text(half)) at \(Self.rateText(rate)))")
            }
        case let .tacticalStrobe(rate):
            guard Strobes.rates.contains(rate) else { throw fail("rate", Self.rateText(rate), Self.rateAllowed) }
        }
    }

    static let rateAllowed = "a rate from 1Hz to 125Hz"
    static let seedAllowed = "a seed from 0 to 4294967295"

    /// Reads `kind key=value …` (the kind is `head`); errors point at the token.
    static func parse(head: PatternToken, args: [PatternToken]) throws(PatternSyntaxError) -> Effect {
        guard var effect = standard(head.text) else { throw head.error("unknown effect") }
        let names = parameterNames(head.text)
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
        func value(_ key: String) -> (PatternToken, String)? {
            guard let t = given[key] else { return nil }
            return (t, String(t.text.dropFirst(key.count + 1)))
        }
        func seed() throws(PatternSyntaxError) -> UInt32? {
            guard let p = value("seed") else { return nil }
            let (t, v) = p
            guard let s = UInt32(v) else { throw t.error("expected \(seedAllowed)") }
            return s
        }
        func duration(_ key: String) throws(PatternSyntaxError) -> Duration? {
            guard let p = value(key) else { return nil }
            let (t, v) = p
            do { return try DurationSyntax.parse(v) } catch { throw t.error("expected \(DurationSyntax.allowed)") }
        }
        func rate() throws(PatternSyntaxError) -> Double? {
            guard let p = value("rate") else { return nil }
            let (t, v) = p
            do { return try FrequencySyntax.parse(v) } catch { throw t.error("expected \(rateAllowed)") }
        }
        switch effect {
        case let .candle(s):
            effect = .candle(seed: try seed() ?? s)
        case let .lightning(s):
            effect = .lightning(seed: try seed() ?? s)
        case let .bike(base):
            var b = base
            if let p = value("base") {
                let (t, v) = p
                do { b = try LevelSyntax.parse(v) } catch { throw t.error("expected \(LevelSyntax.allowedText(BikeFlasher.bases))") }
            }
            effect = .bike(base: b)
        case let .beacon(on, every):
            effect = .beacon(on: try duration("on") ?? on, every: try duration("every") ?? every)
        case let .partyStrobe(r, flash):
            effect = .partyStrobe(rate: try rate() ?? r, flash: try duration("flash") ?? flash)
        case let .tacticalStrobe(r):
            effect = .tacticalStrobe(rate: try rate() ?? r)
        case .heartbeat:
            break
        }
        do { try effect.checkLimits() } catch {
            // A default broke no limit alone, so the parameter at fault was given.
            let token = given[error.parameter] ?? args.last ?? head
            throw token.error("expected \(error.error.allowed)")
        }
        return effect
    }

    /// `24Hz`, `12.5Hz`: the shortest text that reads back as the same rate.
    static func rateText(_ hz: Double) -> String {
        for digits in 0...6 {
            let text = DecimalSyntax.format(hz, maxFractionDigits: digits) + "Hz"
            if let back = try? FrequencySyntax.parse(text), back == hz { return text }
        }
        return ExactText.plainDecimal(hz) + "Hz"
    }
}
