import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Stealth through the service: the status LEDs go dark (trigger none, brightness 0)
/// and their triggers come back on stealth off and on any stop. The LED class directory
/// is a plain directory here (TORCH_LEDS_DIR), since this machine has no LEDs.
@Suite(.serialized) struct StealthTests {
    func led(_ dir: TempDir, _ name: String, trigger: String, brightness: String) {
        mkdir(dir.path + "/leds", 0o755)
        mkdir(dir.path + "/leds/" + name, 0o755)
        _ = dir.write("leds/\(name)/trigger", trigger)
        _ = dir.write("leds/\(name)/brightness", brightness)
    }

    @Test func stealthDarkensAndStopRestores() throws {
        let dir = TempDir()
        led(dir, "ACT", trigger: "none [mmc0] timer heartbeat\n", brightness: "0\n")
        led(dir, "PWR", trigger: "none [default-on] timer\n", brightness: "1\n")
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n[board]\nstealth-leds = ACT, PWR\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common,
                                                environment: ["TORCH_LEDS_DIR=" + dir.path + "/leds"]))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")

        let on = TorchProcess.run(["stealth", "on"] + common)
        #expect(on.status == 0, "\(on.stderr)")
        #expect(readText(dir.path + "/leds/ACT/trigger") == "none")
        #expect(readText(dir.path + "/leds/PWR/brightness") == "0")
        #expect(readText(dir.path + "/status-leds") != nil, "saved triggers, in case the service dies")

        service.signal(SIGTERM)
        #expect(service.wait() == 0, "\(service.stderr)")
        #expect(readText(dir.path + "/leds/ACT/trigger") == "mmc0")
        #expect(readText(dir.path + "/leds/PWR/trigger") == "default-on")
        #expect(readText(dir.path + "/status-leds") == nil, "nothing left to restore")
    }

    @Test func stealthWithNoStatusLEDsSaysNoneWereFound() throws {
        let dir = TempDir()
        mkdir(dir.path + "/leds", 0o755)
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common,
                                                environment: ["TORCH_LEDS_DIR=" + dir.path + "/leds"]))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        let on = TorchProcess.run(["stealth", "on"] + common)
        #expect(on.status == 1, "not a success: \(on.stderr)")
        #expect(on.stderr.contains("no status LEDs were found to darken"), "\(on.stderr)")
        #expect(!on.stderr.contains("done"))
        service.signal(SIGTERM)
        #expect(service.wait() == 0, "\(service.stderr)")
        // Issue 36: a stealth that darkened nothing is not kept for the next start.
        #expect(!(readText(dir.path + "/state") ?? "").contains("stealth=yes"), "\(readText(dir.path + "/state") ?? "")")
    }

    @Test func stealthWithoutAServiceIsAnError() {
        let dir = TempDir()
        let config = dir.write("torch.conf", "[service]\nsocket = \(dir.path)/none.sock\n")
        let r = TorchProcess.run(["stealth", "on", "--config", config])
        #expect(r.status == 1)
        #expect(r.stderr.contains("stealth needs a running torch service"))
    }
}
