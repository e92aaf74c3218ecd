import Testing
import TorchCore
import TorchEngine

/// The property behind every front end: after any action, the program handed to the
/// scheduler and the status agree on lit or dark, the pattern and the level. Checked
/// for every action on every gesture that can carry one (from dark and from lit), then
/// for a tap after it, then for every command.
@Suite struct ProgramStatusAgreementTests {
    /// The gestures an action can be put on: 1c (`on-tap`), 2c (`on-double-tap`), 3c,
    /// 1h, 2h, and the long hold from dark (`on-long-hold`).
    enum Slot: CustomStringConvertible, CaseIterable {
        case clicks1, clicks2, clicks3, hold1, hold2, longHold

        var description: String {
            switch self {
            case .clicks1: "1c"
            case .clicks2: "2c"
            case .clicks3: "3c"
            case .hold1: "1h"
            case .hold2: "2h"
            case .longHold: "long hold"
            }
        }
    }

    static let cycle: [Pattern] = [.steady, .strobe(.slow), .sos]

    static func settings(_ action: GestureAction, on slot: Slot) -> TorchSettings {
        var s = TorchSettings(patterns: cycle)
        switch slot {
        case .clicks1: s.tapAction = action
        case .clicks2: s.doubleTapAction = action
        case .clicks3: s.gestures[.clicks(3)] = action
        case .hold1: s.gestures[.clickHold(1)] = action
        case .hold2: s.gestures[.clickHold(2)] = action
        case .longHold: s.longHoldAction = action
        }
        return s
    }

    /// Where the handed program and the status part ways; nil when they agree.
    static func disagreement(_ rig: TorchRig, at t: Instant) -> String? {
        let s = rig.controller.status(at: t)
        guard let p = rig.handed else { return s.lit ? "status lit, no program handed" : nil }
        if !s.lit { return p.isDark ? nil : "status dark, the program handed lights" }
        if p.isDark { return "status lit, the program handed is dark" }
        // The sleep or sunset fade owns the program: it starts lit and ends dark.
        if s.fading { return p.timeline.endLevel == 0 ? nil : "fading, but the program does not end dark" }
        if p.timeline != s.pattern.timeline() { return "status pattern \(s.pattern.canonicalText), another timeline handed" }
        if abs(p.lightness - s.brightness.fraction) > 1e-9 {
            return "status level \(s.brightness), program level \(LevelSyntax.format(p.lightness))"
        }
        return nil
    }

    /// Drives one gesture from `t` on; returns the instant after it has ended.
    static func perform(_ slot: Slot, on rig: inout TorchRig, at t: Instant) -> Instant {
        func clicks(_ n: Int, from start: Instant) -> Instant {
            var at = start
            for _ in 0..<n {
                rig.click(at, at + .milliseconds(50))
                at = at + .milliseconds(150)
            }
            return at
        }
        switch slot {
        case .clicks1: _ = clicks(1, from: t)
        case .clicks2: _ = clicks(2, from: t)
        case .clicks3: _ = clicks(3, from: t)
        case .hold1, .hold2:
            let at = clicks(slot == .hold1 ? 0 : 1, from: t)
            rig.press(at: at)
            rig.release(at: at + .milliseconds(1000))
        case .longHold:
            rig.press(at: t)
            rig.release(at: t + .milliseconds(2500))
        }
        // Past the double-tap window: the click sequence has ended.
        let end = t + .seconds(4)
        rig.run(until: end)
        return end
    }

    static let commands: [ControlCommand] = [
        .on(nil), .on(Brightness(clamping: 0.4)), .off, .toggle, .pattern(.sos), .mode(.strobe(.slow)),
        .brightness(Brightness(clamping: 0.3)), .nextPattern, .stealth(true), .stealth(false),
        .settings(UserSettings(sleepTimer: .some(.seconds(600)))),
    ]

    @Test(arguments: GestureAction.allCases)
    func everyGestureLeavesTheLightAndTheStatusInStep(_ action: GestureAction) {
        for slot in Slot.allCases {
            for startLit in [false, true] {
                var rig = TorchRig(Self.settings(action, on: slot))
                var t = atMs(0)
                if startLit {
                    rig.command(.on(Brightness(clamping: 0.7)), at: t)
                    t = atMs(100)
                }
                let from = startLit ? "lit" : "dark"
                t = Self.perform(slot, on: &rig, at: t)
                #expect(Self.disagreement(rig, at: t) == nil, "\(action) on \(slot) from \(from)")
                // The next tap (toggle): the light and the status still move together.
                t = Self.perform(.clicks1, on: &rig, at: t)
                if action != .toggle || slot != .clicks1 {
                    #expect(Self.disagreement(rig, at: t) == nil, "a tap after \(action) on \(slot) from \(from)")
                }
            }
        }
    }

    @Test(arguments: commands)
    func everyCommandLeavesTheLightAndTheStatusInStep(_ command: ControlCommand) {
        for start in [ControlCommand.off, .on(Brightness(clamping: 0.7)), .pattern(.strobe(.slow))] {
            var rig = TorchRig(TorchSettings(patterns: Self.cycle))
            rig.command(start, at: atMs(0))
            rig.command(command, at: atMs(100))
            #expect(Self.disagreement(rig, at: atMs(100)) == nil, "\(command) after \(start)")
            // And as a request line from the socket (the CLI forwarding to the service).
            _ = rig.request(#"{"cmd":"toggle"}"#, at: atMs(200))
            #expect(Self.disagreement(rig, at: atMs(200)) == nil, "toggle after \(command) after \(start)")
        }
    }

    /// The issue's case exactly: with `on-double-tap = stealth`, a tap lights, a double tap
    /// (its first tap darkens, its second press lights provisionally) goes stealth and
    /// leaves the light as the double tap found it, lit (the seed's double tap changes
    /// the screen only), and the program handed to the scheduler agrees with the status.
    @Test func stealthByDoubleTapHandsTheDarkProgram() {
        var s = TorchSettings()
        s.doubleTapAction = .stealth
        var rig = TorchRig(s)
        rig.click(atMs(0), atMs(50))
        rig.run(until: atMs(1000))
        rig.click(atMs(1000), atMs(1050))
        rig.click(atMs(1150), atMs(1200))
        rig.run(until: atMs(2000))
        #expect(rig.controller.status(at: atMs(2000)).stealth)
        #expect(rig.lit)
        #expect(rig.controller.status(at: atMs(2000)).lit)
        #expect(rig.handed?.isDark == false)
    }
}
