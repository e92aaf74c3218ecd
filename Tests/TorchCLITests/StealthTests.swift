import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Stealth from the command line: what a service with no status LEDs answers, and a
/// stealth with no service. What the LEDs do is the embedded service's test
/// (StealthServiceTests), on the kernel's LED class as `SysfsLEDDouble` answers it.
@Suite(.serialized) struct StealthTests {
    @Test func stealthWithNoStatusLEDsSaysNoneWereFound() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        // No status LEDs, whatever board runs the test.
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n[board]\nstealth-leds = none\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common))
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
