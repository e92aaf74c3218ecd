import Testing
import TorchCore
import TorchEngine

/// Issue 36: a reload that changes what only a restart applies (the socket, the
/// listeners, the lines) says so, naming it, instead of "config reloaded (no change)".
@Suite struct RestartOnlyReloadTests {
    func config(_ text: String) throws -> TorchConfig {
        try TorchConfig.parse(text, file: "torch.conf", frontEnds: [WebSection.self, MQTTSection.self])
    }

    @Test func theKeysAndSectionsOnlyARestartAppliesAreNamed() throws {
        let running = try config("[service]\nsocket = /run/torch/torch.sock\n[light]\nbrightness = 40%\n")
        #expect(running.restartOnlyChanges(to: running).isEmpty)
        #expect(running.restartOnlyChanges(to: try config("[service]\nsocket = /run/torch/torch.sock\n[light]\nbrightness = 70%\n"))
                .isEmpty, "a reload applies [light]")
        let moved = try config("[service]\nsocket = /run/other.sock\n[light]\nbrightness = 40%\n[output]\nline = GPIO17\n"
                               + "[web]\nlisten = 127.0.0.1:8080\n[mqtt]\nbroker = mqtt://127.0.0.1\n")
        #expect(running.restartOnlyChanges(to: moved) == ["[output] line", "[service] socket", "[mqtt]", "[web]"])
    }

    @Test func theReloadSaysWhatOnlyARestartApplies() {
        var next = ReloadedConfig(settings: TorchSettings(), mapping: OutputMapping(curve: .linear), library: .standard,
                                  restartOnly: ["[service] socket", "[web]"])
        var rig = TorchRig(reload: { .success(next) })
        let first = rig.reload(at: atMs(1000))
        #expect(first)
        let logs = rig.effects.compactMap { if case let .log(p, line) = $0 { (p, line) } else { nil } }
        #expect(logs.map(\.1) == ["config reloaded; only a restart applies the change of [service] socket, [web] (systemctl restart torch)"])
        #expect(logs.first?.0 == .warning)
        next.restartOnly = []
        let second = rig.reload(at: atMs(2000))
        #expect(second)
        #expect(rig.effects.compactMap { if case let .log(_, line) = $0 { line } else { nil } }.last == "config reloaded (no change)")
    }
}
