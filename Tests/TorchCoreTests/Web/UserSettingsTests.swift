import Testing
import TorchCore

@Suite struct UserSettingsTests {
    @Test func lightByDefaultAndHoldForLightExcludeEachOther() {
        let hold = UserSettings().merging(UserSettings(holdForLight: true))
        #expect(hold.applied(to: TorchSettings()).buttonMode == .momentary)
        let light = hold.merging(UserSettings(lightByDefault: true))
        #expect(light == UserSettings(lightByDefault: true, holdForLight: false))
        let s = light.applied(to: TorchSettings(buttonMode: .momentary))
        #expect(s.lightByDefault && s.buttonMode == .smart)
        #expect(throws: Never.self) { try s.validate() }
        #expect(UserSettings(holdForLight: false).applied(to: TorchSettings(buttonMode: .toggle)).buttonMode == .toggle)
    }

    @Test func sleepTimerOffOverridesTheConfig() {
        let base = TorchSettings(sleepTimer: .seconds(60))
        #expect(UserSettings(sleepTimer: .zero).applied(to: base).sleepTimer == nil)
        #expect(UserSettings(sleepTimer: .seconds(600)).applied(to: base).sleepTimer == .seconds(600))
        #expect(UserSettings().applied(to: base).sleepTimer == .seconds(60))
    }

    @Test func theStateFileKeepsThemAndStealth() throws {
        let state = PersistentState(brightness: .full, pattern: .steady, buttonMode: .momentary, lit: false,
                                    settings: UserSettings(lightByDefault: false, holdForLight: true, sleepTimer: .seconds(600)),
                                    stealth: true)
        let text = StateFileFormat.encode(state)
        #expect(text.contains("hold-for-light=yes\n") && text.contains("sleep-timer=10min\n") && text.contains("stealth=yes\n"))
        #expect(try StateFileFormat.decode(text) == state)
        var off = state
        off.settings.sleepTimer = .zero
        #expect(try StateFileFormat.decode(StateFileFormat.encode(off)) == off)
        // A file written before these keys existed reads with none set.
        let plain = PersistentState()
        #expect(!StateFileFormat.encode(plain).contains("stealth"))
        #expect(try StateFileFormat.decode(StateFileFormat.encode(plain)) == plain)
        #expect(throws: StateFileError.self) {
            try StateFileFormat.decode(StateFileFormat.encode(plain) + "sleep-timer=forever\n")
        }
    }

    @Test func theSettingsRequest() throws {
        let q = try ControlRequest.parse(#"{"cmd":"settings","light-by-default":true,"sleep-timer":"10min"}"#).get()
        #expect(q.command == .settings(UserSettings(lightByDefault: true, sleepTimer: .seconds(600))))
        #expect(try ControlRequest.parse(q.line.trimmingNewline).get() == q)
        let n = try ControlRequest.parse(#"{"cmd":"settings","sleep-timer":300}"#).get()
        #expect(n.command == .settings(UserSettings(sleepTimer: .seconds(300))))
        #expect(try ControlRequest.parse(#"{"cmd":"settings","sleep-timer":"off"}"#).get().command == .settings(UserSettings(sleepTimer: .zero)))
        for bad in [#"{"cmd":"settings"}"#, #"{"cmd":"settings","light-by-default":true,"hold-for-light":true}"#,
                    #"{"cmd":"settings","sleep-timer":"25h"}"#, #"{"cmd":"settings","sleep-timer":0}"#,
                    #"{"cmd":"settings","stealth":true}"#] {
            guard case let .failure(e) = ControlRequest.parse(bad) else { Issue.record("accepted \(bad)"); continue }
            #expect(!e.message.isEmpty)
        }
    }

    @Test func theMachineAppliesRemembersAndReportsThem() {
        var m = TorchStateMachine(settings: TorchSettings(), restoring: nil, now: .zero)
        m.handle(.settings(UserSettings(holdForLight: true, sleepTimer: .seconds(120))), at: .zero + .seconds(1))
        #expect(m.buttonMode == .momentary)
        #expect(m.persistentState.settings == UserSettings(lightByDefault: false, holdForLight: true, sleepTimer: .seconds(120)))
        #expect(m.takeEvents().contains(.stateChanged))
        #expect(m.statusSummary(at: .zero).sleepTimer == .seconds(120))
        // A reload keeps them on top of the new config.
        m.reconfigure(TorchSettings(rampTime: .seconds(3)), at: .zero + .seconds(2))
        #expect(m.buttonMode == .momentary && m.settings.rampTime == .seconds(3))
        // The next start restores them, and stealth with them.
        var saved = m.persistentState
        saved.stealth = true
        var next = TorchStateMachine(settings: TorchSettings(), restoring: saved, now: .zero)
        #expect(next.buttonMode == .momentary && next.stealth)
        #expect(next.takeEvents().contains(.stealthChanged(true)))
        // light-by-default saved lights the next start.
        let lit = TorchStateMachine(settings: TorchSettings(), restoring: PersistentState(settings: UserSettings(lightByDefault: true)), now: .zero)
        #expect(lit.lit)
    }
}

extension String {
    var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
