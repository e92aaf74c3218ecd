import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The README's run command as a person uses it: `torch run` on the simulated LED in a
/// real terminal (tmux), the keyboard as the button, `q` restoring the terminal.
/// Waits for what the screen shows (bounded), never for a fixed time.
@Suite struct TerminalTests {
    let session = "torch-test-\(getpid())"

    func tmux(_ args: [String]) -> (status: Int32, out: String) {
        let dir = TempDir()
        let status = runClean(["/usr/bin/tmux"] + args, stdout: dir.path + "/out", stderr: dir.path + "/out")
        return (status, readText(dir.path + "/out") ?? "")
    }

    func screen() -> String { tmux(["capture-pane", "-p", "-t", session]).out }

    /// Polls the screen until `condition` holds (at most 20 s).
    func waitForScreen(_ condition: (String) -> Bool) -> String {
        var s = ""
        for _ in 0..<400 {
            s = screen()
            if condition(s) { return s }
            usleep(50_000)
        }
        return s
    }

    @Test func runOnTheSimulatedLEDWithTheKeyboardAsButton() throws {
        let dir = TempDir()
        // A socket of its own: the default one (/run/torch/torch.sock as root) would answer
        // other tests' `torch status` while this service runs beside them.
        let config = dir.write("torch.conf", "[service]\nsocket = \(dir.path)/torch.sock\n")
        let command = "\(TorchProcess.command.joined(separator: " ")) run --backend sim --config \(config) --state-file \(dir.path)/state; echo TORCH-EXIT=$?; sleep 30"
        let started = tmux(["new-session", "-d", "-s", session, "-x", "160", "-y", "20", command])
        try #require(started.status == 0, "tmux: \(started.out)")
        defer { _ = tmux(["kill-session", "-t", session]) }

        let first = waitForScreen { $0.contains("keys: space tap") && $0.contains("dark") }
        #expect(first.contains("backend: simulated LED"), "\(first)")
        #expect(first.contains("duty 0%"), "\(first)")
        // The status line's last word is explained above it.
        #expect(first.contains("· button smart"), "\(first)")
        #expect(first.contains("smart: a tap toggles, a hold lights while held, a double tap plays the next pattern"), "\(first)")

        _ = tmux(["send-keys", "-t", session, " "])          // a tap: latched on
        let lit = waitForScreen { $0.contains("duty 100%") && $0.contains(" lit ") }
        #expect(lit.contains("steady"), "\(lit)")

        _ = tmux(["send-keys", "-t", session, "-"])          // brightness down 10 %
        let dimmer = waitForScreen { $0.contains("· 90% ·") }
        #expect(dimmer.contains("· 90% ·"), "\(dimmer)")

        _ = tmux(["send-keys", "-t", session, "x"])          // the OFF button
        let off = waitForScreen { $0.contains("duty 0%") && $0.contains("dark") }
        #expect(off.contains("dark"), "\(off)")

        _ = tmux(["send-keys", "-t", session, "q"])
        let end = waitForScreen { $0.contains("TORCH-EXIT=") }
        #expect(end.contains("TORCH-EXIT=0"), "\(end)")
        // The state file remembers the brightness set from the keyboard.
        #expect(readText(dir.path + "/state")?.contains("brightness=90%") == true)
    }
}
