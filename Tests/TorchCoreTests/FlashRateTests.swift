import Testing
import TorchCore

/// WCAG 2.3.1's three flashes in any one second, judged from a pattern's own timeline.
@Suite struct FlashRateTests {
    func custom(_ steps: [TimelineStep], repeat count: Int? = nil) -> Timeline {
        Timeline(steps: steps, repeatCount: count)
    }

    @Test func threeFlashesInASecondAreAllowedAFourthIsNot() {
        // Three 100 ms flashes, then dark: six changes, the seventh exactly a second after
        // the first (the next cycle's first flash) is outside the window.
        let three = custom([.hold(1, .milliseconds(100)), .hold(0, .milliseconds(100)),
                            .hold(1, .milliseconds(100)), .hold(0, .milliseconds(100)),
                            .hold(1, .milliseconds(100)), .hold(0, .milliseconds(500))])
        #expect(!FlashRate.exceedsThreshold(three))
        // The same with the pause a millisecond shorter: the seventh change falls inside.
        let faster = custom([.hold(1, .milliseconds(100)), .hold(0, .milliseconds(100)),
                             .hold(1, .milliseconds(100)), .hold(0, .milliseconds(100)),
                             .hold(1, .milliseconds(100)), .hold(0, .milliseconds(499))])
        #expect(FlashRate.exceedsThreshold(faster))
    }

    @Test func theBuiltInsAreJudgedByTheirRates() {
        #expect(FlashRate.exceedsThreshold(.strobe(.fast)))        // 5 flashes a second
        #expect(!FlashRate.exceedsThreshold(.strobe(.medium)))     // 1.7
        #expect(!FlashRate.exceedsThreshold(.strobe(.slow)))
        #expect(!FlashRate.exceedsThreshold(.steady))
        #expect(!FlashRate.exceedsThreshold(.sos))
        // SOS's default (SOSStyle): three letters keep it at three flashes in any second at
        // 150 ms; the one sign makes four there, and is within the rule from a 200 ms unit.
        #expect(!FlashRate.exceedsThreshold(.morse(text: SOSStyle.letters.text, unit: .milliseconds(150))))
        #expect(FlashRate.exceedsThreshold(.morse(text: SOSStyle.sign.text, unit: .milliseconds(150))))
        #expect(!FlashRate.exceedsThreshold(.morse(text: SOSStyle.sign.text, unit: .milliseconds(200))))
        #expect(!FlashRate.exceedsThreshold(.breathe(period: .seconds(4), minLevel: 0, maxLevel: 1)))
        // The bike flasher's four bursts a second are four flashes; the candle's flicker
        // swings by more than 10 % of luminance more than six times a second.
        for kind in ["party-strobe", "tactical-strobe", "heartbeat", "bike", "candle"] {
            #expect(Effect.standard(kind).map { FlashRate.exceedsThreshold(.effect($0)) } == true, "\(kind)")
        }
        for kind in ["beacon"] {
            #expect(Effect.standard(kind).map { FlashRate.exceedsThreshold(.effect($0)) } == false, "\(kind)")
        }
    }

    @Test func parametersCount() {
        #expect(!FlashRate.exceedsThreshold(.effect(.tacticalStrobe(rate: 2.9))))
        #expect(FlashRate.exceedsThreshold(.effect(.tacticalStrobe(rate: 3.5))))
        #expect(FlashRate.exceedsThreshold(.effect(.tacticalStrobe(rate: 15))))
        #expect(!FlashRate.exceedsThreshold(.blink(on: .milliseconds(200), off: .milliseconds(200))))
        #expect(FlashRate.exceedsThreshold(.blink(on: .milliseconds(100), off: .milliseconds(100))))
    }

    @Test func smallSwingsAndBrightSwingsAreNotFlashes() {
        // 5 % of luminance at 10 Hz: below the 10 % a flash needs.
        let shimmer = custom([.hold(0.5, .milliseconds(50)), .hold(0.53, .milliseconds(50))])
        #expect(!FlashRate.exceedsThreshold(shimmer))
        // Between 0.8 and full luminance (the darker side is not below 0.8).
        let bright = custom([.hold(1, .milliseconds(50)), .hold(0.93, .milliseconds(50))])
        #expect(!FlashRate.exceedsThreshold(bright))
    }

    @Test func rampsCountAsChangesAndAFiniteRunEnds() {
        let saw = custom([.ramp(to: 1, .milliseconds(50)), .ramp(to: 0, .milliseconds(50))])
        #expect(FlashRate.exceedsThreshold(saw))
        // Two fast flashes once, then dark: four changes in all.
        let twice = custom([.hold(1, .milliseconds(50)), .hold(0, .milliseconds(50))], repeat: 2)
        #expect(!FlashRate.exceedsThreshold(twice))
        let many = custom([.hold(1, .milliseconds(50)), .hold(0, .milliseconds(50))], repeat: 4)
        #expect(FlashRate.exceedsThreshold(many))
    }

    @Test func aShortestStepPatternIsJudgedQuickly() {
        // 10 kHz: the judgement stops at the seventh change.
        let fast = custom([.hold(1, .microseconds(50)), .hold(0, .microseconds(50))])
        #expect(FlashRate.exceedsThreshold(fast))
    }
}

/// A remote front end chooses only the owner's patterns, and lights nothing that flashes
/// unless the owner allows it.
@Suite struct RemotePatternRuleTests {
    let name: (Pattern) -> String = { $0.canonicalText }

    func machine(_ settings: TorchSettings, _ commands: [TorchCommand]) -> TorchStateMachine {
        var m = TorchStateMachine(settings: settings, restoring: nil, now: .zero)
        for c in commands { m.handle(c, at: .zero) }
        return m
    }

    @Test func aPatternNotListedIsRefusedNamingThePatternAndTheSetting() {
        let s = TorchSettings(patterns: [.steady])
        let before = machine(s, [])
        let after = machine(s, [.setPattern(.effect(.tacticalStrobe(rate: 15)))])
        let line = RemotePatternRule(settings: s).refusal(before: before, after: after, name: name)
        #expect(line == "pattern 'tactical-strobe rate=15Hz' is not one of the owner's [light] patterns; a remote front end chooses only those")
    }

    @Test func aListedFlashingPatternNeedsRemoteFlashing() {
        var s = TorchSettings(patterns: [.steady, .strobe(.fast)])
        let before = machine(s, [])
        let after = machine(s, [.setPattern(.strobe(.fast))])
        #expect(RemotePatternRule(settings: s).refusal(before: before, after: after, name: name)
            == "pattern 'strobe fast' flashes more than 3 times a second; a remote front end starts it only with [light] remote-flashing = yes")
        s.remoteFlashing = true
        #expect(RemotePatternRule(settings: s).refusal(before: before, after: after, name: name) == nil)
    }

    @Test func aListedBlinkAllowsTheSlidersBlinksUnderTheFlashingRule() {
        let s = TorchSettings(patterns: [.steady, .blink(on: .milliseconds(500), off: .milliseconds(500))])
        let before = machine(s, [])
        let slower = machine(s, [.setPattern(.blink(on: .milliseconds(300), off: .milliseconds(300)))])
        #expect(RemotePatternRule(settings: s).refusal(before: before, after: slower, name: name) == nil)
        let fast = machine(s, [.setPattern(.blink(on: .milliseconds(100), off: .milliseconds(100)))])
        #expect(RemotePatternRule(settings: s).refusal(before: before, after: fast, name: name)?.contains("flashes more than 3 times a second") == true)
        // Without a blink listed, none is allowed.
        let none = TorchSettings(patterns: [.steady])
        #expect(RemotePatternRule(settings: none).refusal(before: machine(none, []), after: machine(none, [.setPattern(.blink(on: .milliseconds(300), off: .milliseconds(300)))]), name: name)?.contains("is not one of the owner's") == true)
    }

    @Test func onWithAFlashingPatternChosenIsStartingIt() {
        let s = TorchSettings(patterns: [.steady, .strobe(.fast)])
        let before = machine(s, [.choosePattern(.strobe(.fast))])
        var after = before
        after.handle(.on(nil), at: .zero)
        #expect(RemotePatternRule(settings: s).refusal(before: before, after: after, name: name) != nil)
        // Already playing (the owner started it): a new brightness is not a start.
        let playing = machine(s, [.setPattern(.strobe(.fast))])
        var dimmer = playing
        dimmer.handle(.setBrightness(Brightness(clamping: 0.5)), at: .zero)
        #expect(RemotePatternRule(settings: s).refusal(before: playing, after: dimmer, name: name) == nil)
    }
}
