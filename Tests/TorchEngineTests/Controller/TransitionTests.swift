import Testing
import TorchCore
import TorchEngine

/// `[light] transition` and a command's own `transition`: every level change fades,
/// from whatever front end; 0 (the default) is instant.
@Suite struct TransitionTests {
    static func settings(_ d: Duration) -> TorchSettings {
        var s = TorchSettings()
        s.transition = d
        return s
    }

    @Test func aTapFromDarkFadesInOverTheTransition() {
        var rig = TorchRig(Self.settings(.seconds(1)))
        rig.press(at: atMs(0))
        let fade = rig.programs.last
        #expect(fade?.timeline == Timeline(steps: [.hold(0, .zero), .ramp(to: 1, .seconds(1))], repeatCount: 1, endLevel: 1))
        rig.release(at: atMs(50))
        #expect(rig.lit)
        rig.run(until: atMs(999))
        #expect(rig.programs.last == fade, "nothing new until the fade ends")
        rig.run(until: atMs(1000))
        #expect(rig.programs.last?.timeline == Pattern.steady.timeline())
        #expect(rig.programs.last?.startedAt == atMs(1000))
    }

    @Test func aCommandsTransitionOverridesTheConfigs() {
        var rig = TorchRig()
        _ = rig.request(#"{"cmd":"on"}"#, at: atMs(0))
        #expect(rig.programs.last?.timeline == Pattern.steady.timeline(), "default 0: instant")
        #expect(rig.request(#"{"cmd":"off","transition":2}"#, at: atMs(1000)) == .success())
        #expect(!rig.lit, "dark at once as far as the state goes")
        #expect(rig.programs.last?.timeline == Timeline(steps: [.hold(1, .zero), .ramp(to: 0, .seconds(2))], repeatCount: 1, endLevel: 0))
        rig.run(until: atMs(3000))
        #expect(rig.programs.last?.isDark == true && rig.programs.last?.startedAt == atMs(3000))
    }

    @Test func aBrightnessChangeFadesBetweenTheLevels() {
        var rig = TorchRig(Self.settings(.milliseconds(500)))
        _ = rig.request(#"{"cmd":"on","transition":"0"}"#, at: atMs(0))
        _ = rig.request(#"{"cmd":"brightness","level":"40%"}"#, at: atMs(1000))
        let p = rig.programs.last
        #expect(p?.lightness == 1)
        #expect(p?.timeline.steps.last?.ramp == true)
        #expect(abs((p?.timeline.endLevel ?? 0) - 0.4) < 1e-9)
        rig.run(until: atMs(1500))
        #expect(abs((rig.programs.last?.lightness ?? 0) - 0.4) < 1e-9 && rig.programs.last?.timeline == Pattern.steady.timeline())
    }

    @Test func aChangeDuringATransitionFadesFromWhereItIs() {
        var rig = TorchRig(Self.settings(.seconds(1)))
        _ = rig.request(#"{"cmd":"on"}"#, at: atMs(0))
        _ = rig.request(#"{"cmd":"off"}"#, at: atMs(500))
        // Halfway up: the fade down starts from 50 %.
        let p = rig.programs.last
        #expect(abs((p?.lightness ?? 0) - 0.5) < 1e-9)
        #expect(p?.timeline.steps.first == .hold(1, .zero) && p?.timeline.endLevel == 0)
    }

    @Test func aBrightnessChangeOnAPatternKeepsItsPhaseAndIsInstant() {
        var rig = TorchRig(Self.settings(.seconds(1)))
        _ = rig.request(#"{"cmd":"pattern","spec":"strobe fast","transition":0}"#, at: atMs(0))
        _ = rig.request(#"{"cmd":"brightness","level":"40%"}"#, at: atMs(1250))
        let p = rig.programs.last
        #expect(p?.timeline == Pattern.strobe(.fast).timeline() && p?.startedAt == atMs(0))
        #expect(abs((p?.lightness ?? 0) - 0.4) < 1e-9)
    }

    @Test func badTransitionsAreErrorsNamingThem() {
        var rig = TorchRig()
        #expect(rig.request(#"{"cmd":"on","transition":-1}"#, at: atMs(0))
            == .failure(#""transition" -1 is not valid: expected a duration from 0 to 60s: seconds as a number (0.5) or text with a unit ("500ms")"#))
        #expect(rig.request(#"{"cmd":"status","transition":1}"#, at: atMs(0))
            == .failure(#""status" does not take "transition": it takes only "cmd", "id" and "deadline""#))
        #expect(!rig.lit)
        #expect(ControlRequest(.off, transition: .milliseconds(1500)).line == #"{"cmd":"off","transition":"1.5s"}"# + "\n")
    }
}
