import Testing
@testable import TorchCore

/// Issue 11, effects: each is a pattern like the others (canonical text, library name,
/// state file), keeps `PatternLimits`, and random ones are the same light for the same
/// seed, bounded in memory (one cycle of at most 4000 steps, repeating).
@Suite struct EffectTests {
    static let all: [Effect] = [
        .candle(seed: 42), .lightning(seed: 7), .bike(base: 0.3), .beacon(on: .milliseconds(50), every: .seconds(3)),
        .partyStrobe(rate: 12.5, flash: .milliseconds(2)), .tacticalStrobe(rate: 8), .heartbeat,
    ]

    @Test(arguments: all)
    func roundTripsThroughCanonicalTextAndStateFile(effect: Effect) throws {
        let p = Pattern.effect(effect)
        #expect(try Pattern.parseCanonical(p.canonicalText) == p, "\(p.canonicalText)")
        let record = PersistentState(brightness: .full, pattern: p, buttonMode: .smart, lit: true)
        let loaded = StateFileLoad.load(contents: StateFileFormat.encode(record), path: "state")
        #expect(loaded.warning == nil)
        #expect(loaded.state == record)
    }

    @Test(arguments: all)
    func keepsPatternLimitsAndLights(effect: Effect) throws {
        let t = Pattern.effect(effect).timeline()
        try PatternLimits.check(t)
        #expect(t.repeatCount == nil, "effects run until changed")
        #expect(t.steps.count <= PatternLimits.maximumSteps)
        #expect(PatternLimits.lights(t.steps))
        try Pattern.effect(effect).checkLimits()
    }

    @Test(arguments: Effect.kinds)
    func everyKindIsALibraryNameWithItsDefaults(kind: String) throws {
        let p = try PatternLibrary.standard.lookup(kind)
        let effect = try #require(Effect.standard(kind))
        #expect(p == .effect(effect))
        #expect(try Pattern.parseCanonical(kind) == p, "the bare kind reads with its defaults")
        #expect(PatternLibrary.standard.names.contains(kind))
    }

    @Test func defaultsAreWrittenOutInTheCanonicalText() {
        #expect(Pattern.effect(.candle(seed: 0)).canonicalText == "candle seed=0")
        #expect(Pattern.effect(.bike(base: 0.5)).canonicalText == "bike base=50%")
        #expect(Pattern.effect(.beacon(on: .milliseconds(100), every: .seconds(2))).canonicalText == "beacon on=100ms every=2s")
        #expect(Pattern.effect(.partyStrobe(rate: 24, flash: .milliseconds(1))).canonicalText == "party-strobe rate=24Hz flash=1ms")
        #expect(Pattern.effect(.tacticalStrobe(rate: 10)).canonicalText == "tactical-strobe rate=10Hz")
        #expect(Pattern.effect(.heartbeat).canonicalText == "heartbeat")
    }

    @Test func parametersInAnyOrder() throws {
        #expect(try Pattern.parseCanonical("beacon every=5s on=20ms") == .effect(.beacon(on: .milliseconds(20), every: .seconds(5))))
        #expect(try Pattern.parseCanonical("party-strobe flash=3ms") == .effect(.partyStrobe(rate: 24, flash: .milliseconds(3))))
    }

    /// Every bad parameter points at its token and says what is allowed.
    @Test(arguments: [
        ("candle seed=-1", 2, "a seed from 0 to 4294967295"),
        ("candle seed=4294967296", 2, "a seed from 0 to 4294967295"),
        ("candle speed=3", 2, "unknown parameter: expected seed=…"),
        ("candle seed=1 seed=2", 3, "'seed' is given twice"),
        ("heartbeat rate=2Hz", 2, "'heartbeat' takes no parameters"),
        ("bike base=95%", 2, "1%…90%"),
        ("bike base=0", 2, "1%…90%"),
        ("beacon on=10us", 2, "an on time from 50us"),
        ("beacon on=1s every=1s", 3, "at least 50us longer than the flash"),
        ("beacon every=25h", 2, "at most 24h"),
        ("party-strobe rate=200Hz", 2, "a rate from 1Hz to 125Hz"),
        ("party-strobe rate=0.5Hz", 2, "a rate from 1Hz to 125Hz"),
        ("party-strobe rate=100Hz flash=6ms", 3, "half the strobe's period (5ms at 100Hz)"),
        ("party-strobe flash=10us", 2, "a flash from 50us"),
        ("tactical-strobe rate=fast", 2, "a rate from 1Hz to 125Hz"),
        ("tactical-strobe 10Hz", 2, "unknown parameter"),
    ])
    func badParametersAreNamed(text: String, token: Int, allowed: String) {
        do {
            _ = try Pattern.parseCanonical(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.tokenNumber == token, "\(error)")
            #expect(error.message.contains(allowed), "\(error)")
        }
    }

    @Test func sameSeedSameLightOtherSeedOtherLight() {
        #expect(Effect.candle(seed: 42).timeline() == Effect.candle(seed: 42).timeline())
        #expect(Effect.candle(seed: 42).timeline() != Effect.candle(seed: 43).timeline())
        #expect(Effect.lightning(seed: 1).timeline() == Effect.lightning(seed: 1).timeline())
        #expect(Effect.lightning(seed: 1).timeline() != Effect.lightning(seed: 2).timeline())
    }

    /// Anduril's candle: between its base (24) and base + amplitude (50) of 150, a new
    /// level every 32 ms, ramped; it moves (a flicker, not a steady light).
    @Test(arguments: [UInt32(0), 1, 42, .max])
    func candleFlickersWithinItsRange(seed: UInt32) {
        let t = Effect.candle(seed: seed).timeline()
        #expect(t.steps.count == 4000)
        #expect(t.steps.allSatisfy { $0.ramp && $0.duration == .milliseconds(32) })
        #expect(t.period == .milliseconds(128_000))
        let levels = t.steps.map(\.level)
        #expect(levels.allSatisfy { $0 >= 0.48 - 1e-9 && $0 <= 1 })
        let lo = levels.min() ?? 0, hi = levels.max() ?? 0
        #expect(hi - lo > 0.2, "it flickers: \(lo)…\(hi)")
        // Mostly small moves from one step to the next (a flame, not a strobe).
        let jumps = zip(levels, levels.dropFirst()).map { abs($0 - $1) }
        #expect(jumps.filter { $0 > 0.2 }.count < 40, "few big jumps")
    }

    /// Lightning: strikes that start bright-ish and decay, then darkness; a cycle holds
    /// many strikes and lasts minutes.
    @Test(arguments: [UInt32(0), 7, .max])
    func lightningStrikesAndDecays(seed: UInt32) {
        let t = Effect.lightning(seed: seed).timeline()
        #expect(t.steps.count <= 4000 && t.steps.count > 3900)
        #expect(t.steps.allSatisfy { !$0.ramp && $0.duration >= .milliseconds(1) })
        let darks = t.steps.filter { $0.level == 0 && $0.duration >= .milliseconds(1) }
        #expect(darks.count > 100, "many strikes per cycle: \(darks.count)")
        #expect(t.period > .seconds(60), "the storm repeats after minutes: \(t.period)")
        #expect(t.steps.allSatisfy { $0.level <= 1 })
        #expect(darks.map(\.duration).max() ?? .zero <= .milliseconds(16_383))
        #expect(t.steps.contains { $0.level > 0.5 }, "some strikes are bright")
    }

    /// Anduril's bike flasher: 4 × (5 ms full, 65 ms base), then base to 1 s.
    @Test func bikeFlasherCycle() {
        let t = Effect.bike(base: 0.4).timeline()
        #expect(t.steps == [
            .hold(1, .milliseconds(5)), .hold(0.4, .milliseconds(65)), .hold(1, .milliseconds(5)), .hold(0.4, .milliseconds(65)),
            .hold(1, .milliseconds(5)), .hold(0.4, .milliseconds(65)), .hold(1, .milliseconds(5)), .hold(0.4, .milliseconds(785)),
        ])
        #expect(t.period == .seconds(1))
    }

    @Test func strobesAndBeacon() {
        #expect(Effect.beacon(on: .milliseconds(100), every: .seconds(2)).timeline().steps
                == [.hold(1, .milliseconds(100)), .hold(0, .milliseconds(1900))])
        #expect(Effect.partyStrobe(rate: 24, flash: .milliseconds(1)).timeline().steps
                == [.hold(1, .milliseconds(1)), .hold(0, .nanoseconds(41_666_667 - 1_000_000))])
        #expect(Effect.tacticalStrobe(rate: 10).timeline().steps
                == [.hold(1, .nanoseconds(33_333_333)), .hold(0, .nanoseconds(66_666_667))])
    }

    /// The kernel trigger's hyperbola: f(0)=1260, f(1)=860, f(5)=510, f(∞)→300 ms.
    @Test(arguments: [(0.0, 1260), (1, 860), (5, 510), (0.5, 1007), (1e9, 300), (-3, 1260), (Double.nan, 1260),
                      (Double.infinity, 300)] as [(Double, Int64)])
    func heartbeatPeriodFollowsTheLoad(load: Double, ms: Int64) {
        #expect(Heartbeat.period(loadAverage: load) == .milliseconds(ms))
        let t = Heartbeat.timeline(loadAverage: load)
        #expect(t.period == .milliseconds(ms))
        #expect(t.steps[0] == .hold(1, .milliseconds(70)) && t.steps[2] == .hold(1, .milliseconds(70)))
        #expect(t.steps[1] == .hold(0, .milliseconds(ms / 4 - 70)))
        #expect(Heartbeat.isHeartbeat(t))
    }

    @Test func displayNames() {
        #expect(Pattern.effect(.partyStrobe(rate: 24, flash: .milliseconds(1))).displayName == "party-strobe")
        #expect(Pattern.readout(Readout(number: 42)).displayName == "readout 42")
    }
}
