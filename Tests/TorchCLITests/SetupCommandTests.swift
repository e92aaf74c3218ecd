#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchTesting

/// `torch setup` on the simulated LED: by flags for a script, and as a person answers it
/// in a terminal (tmux: keys typed, the screen read). The real lines are found in the
/// gpio-sim VM (Tests/vm/guest/scenarios-setup.sh) and on the emulated Pi 3 (Tests/raspi).
@Suite(.serialized) struct SetupCommandTests {
    /// The shipped torch.conf keeps every byte outside the keys setup sets.
    @Test func byFlagsTheShippedConfigKeepsEveryOtherByte() throws {
        let dir = TempDir()
        // A socket of its own, so `torch status` below never asks a service running on
        // this machine (the default /run/torch/torch.sock as root).
        let defaultSocket = "#socket = /run/torch/torch.sock"
        let original = try #require(RepoFiles.read("dist/torch.conf"))
        #expect(original.contains(defaultSocket))
        let shipped = original.replacingOccurrences(of: defaultSocket, with: "socket = \(dir.path)/torch.sock")
        let config = dir.write("torch.conf", shipped)
        let r = TorchProcess.run(["setup", "--backend", "sim", "--led", "GPIO18", "--button", "GPIO23", "--yes",
                                  "--config", config, "--state-file", dir.path + "/state"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("board        Raspberry Pi 4 Model B / Pi 400 (rpi4b, simulated)"), "\(r.stdout)")
        #expect(r.stdout.contains("  pin 12  GPIO18  hardware PWM with dtoverlay=pwm,pin=18,func=2"), "\(r.stdout)")
        #expect(r.stdout.contains("GPIO18 (pin 12) is lit at 50 % (duty 18.4%) on the simulated LED"))
        #expect(r.stdout.contains("a Raspberry Pi needs 'dtoverlay=pwm,pin=18,func=2' in its config.txt"))
        #expect(r.stdout.contains("Try:\n  torch on 40% --config \(config)\n"))
        let written = try #require(readText(config))
        let before = shipped.split(separator: "\n", omittingEmptySubsequences: false)
        let after = written.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0.0 != $0.1 }
        #expect(changed.map { String($0.1) } == ["line = GPIO23", "line = GPIO18"], "\(changed)")
        #expect(changed.map { String($0.0) } == ["# line = GPIO23", "# line = GPIO18"], "the examples became the settings")
        // It reads back, and a second run changes nothing more.
        let status = TorchProcess.run(["status", "--config", config, "--state-file", dir.path + "/state"])
        #expect(status.status == 0, "\(status.stderr)")
        let again = TorchProcess.run(["setup", "--backend", "sim", "--led", "GPIO18", "--button", "GPIO23", "--yes",
                                      "--config", config, "--state-file", dir.path + "/state"])
        #expect(again.status == 0)
        #expect(readText(config) == written)
    }

    @Test func aWrongOrTakenPinIsRefusedByName() {
        let dir = TempDir()
        let r = TorchProcess.run(["setup", "--backend", "sim", "--led", "GPIO99", "--yes", "--config", dir.path + "/torch.conf",
                                  "--state-file", dir.path + "/state"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("torch: setup: GPIO99 is no GPIO pin of Raspberry Pi 4 Model B / Pi 400"), "\(r.stderr)")
        #expect(readText(dir.path + "/torch.conf") == nil, "nothing written")
    }

    /// The whole dialogue in a real terminal, as a person answers it.
    @Test func theDialogueInATerminal() throws {
        let dir = TempDir()
        let config = dir.write("torch.conf", "# mine\n[light]\nbrightness = 40%   # dim\n")
        let session = "torch-setup-\(getpid())"
        let command = "\(TorchProcess.command.joined(separator: " ")) setup --backend sim --config \(config) --state-file \(dir.path)/state; echo SETUP-EXIT=$?; sleep 30"
        let tmux = { (args: [String]) -> String in
            let out = dir.path + "/tmux.out"
            _ = runClean(["/usr/bin/tmux"] + args, stdout: out, stderr: out)
            return readText(out) ?? ""
        }
        _ = tmux(["new-session", "-d", "-s", session, "-x", "200", "-y", "60", command])
        defer { _ = tmux(["kill-session", "-t", session]) }
        let screen = { tmux(["capture-pane", "-p", "-t", session, "-S", "-100"]) }
        func waitFor(_ text: String) -> Bool { waitUntil { screen().contains(text) } }
        #expect(waitFor("LED pin [GPIO18]:"), "\(screen())")
        _ = tmux(["send-keys", "-t", session, "pin32", "Enter"])          // another PWM pin, by physical number
        #expect(waitFor("GPIO12 (pin 32) is lit at 50 %"), "\(screen())")
        _ = tmux(["send-keys", "-t", session, "n", "Enter"])              // not lit: it blinks, with what to check
        #expect(waitFor("Is it blinking now? [Y/n]:"), "\(screen())")
        #expect(screen().contains("the LED's legs"))
        _ = tmux(["send-keys", "-t", session, "y", "Enter"])
        #expect(waitFor("Button pin for the real board [GPIO23]:"), "\(screen())")
        _ = tmux(["send-keys", "-t", session, "GPIO24", "Enter"])
        #expect(waitFor("Write them (only these keys change)? [Y/n]:"), "\(screen())")
        #expect(screen().contains("[output] line = GPIO12") && screen().contains("[button] line = GPIO24"))
        _ = tmux(["send-keys", "-t", session, "Enter"])
        #expect(waitFor("SETUP-EXIT=0"), "\(screen())")
        #expect(screen().contains("torch status --config \(config)"))
        #expect(readText(config) == "# mine\n[light]\nbrightness = 40%   # dim\n\n[output]\nline = GPIO12\n\n[button]\nline = GPIO24\n")
    }
}
