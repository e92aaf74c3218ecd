import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 11's seed behaviours, through the built `torch`: blink speed 0 stops, toggle
/// with no service lights, `torch mode` chooses without lighting.
@Suite(.serialized) struct SeedBehaviourTests {
    @Test func blinkSpeedZeroStopsAndALaterTapLightsTheLastRealPattern() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        func status() -> String { TorchProcess.run(["status", "--json"] + common).stdout }
        #expect(TorchProcess.run(["strobe", "fast"] + common).status == 0)
        let stop = TorchProcess.run(["blink", "--speed", "0"] + common)
        #expect(stop.status == 0, "\(stop.stderr)")
        #expect(status().contains("\"lit\":false"), "speed 0: dark, not lit")
        #expect(TorchProcess.run(["button", "tap"] + common).status == 0)
        let after = status()
        #expect(after.contains("\"lit\":true") && after.contains("\"pattern\":\"strobe fast\""), "\(after)")
        service.signal(SIGTERM)
        #expect(service.wait() == 0)
    }

    @Test func toggleWithNoServiceLightsWhateverWasRemembered() throws {
        let dir = TempDir()
        let trace = dir.path + "/trace.csv"
        // The state file says lit, but no torch process runs: nothing is lit.
        let state = dir.write("state", "version=1\nbrightness=100%\npattern=steady\nbutton-mode=smart\nlit=yes\n")
        let config = dir.write("torch.conf", "[service]\nsocket = \(dir.path)/torch.sock\n")
        let r = TorchProcess.run(["toggle", "--backend", "sim", "--no-display", "--for", "300ms", "--trace", trace,
                                  "--config", config, "--state-file", state])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("now dark"))
        let lines = (readText(trace) ?? "").split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix(",1.0") }, "the toggle lit the torch: \(lines)")
    }

    @Test func modeChoosesAPatternWithoutLighting() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n")
        let state = dir.path + "/state"
        let common = ["--config", config, "--state-file", state]
        // No service: remembered for the next light, nothing lights.
        let alone = TorchProcess.run(["mode", "sos"] + common)
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stderr.contains("dark (the next light plays it)"))
        #expect(readText(state)?.contains("pattern=sos") == true, "\(readText(state) ?? "")")
        #expect(readText(state)?.contains("lit=no") == true)
        let bad = TorchProcess.run(["mode", "nonesuch"] + common)
        #expect(bad.status != 0)

        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        func status() -> String { TorchProcess.run(["status", "--json"] + common).stdout }
        #expect(TorchProcess.run(["mode", "strobe-fast"] + common).status == 0)
        let dark = status()
        #expect(dark.contains("\"lit\":false") && dark.contains("\"pattern\":\"strobe fast\""), "\(dark)")
        // The light commands still light.
        #expect(TorchProcess.run(["on"] + common).status == 0)
        #expect(status().contains("\"lit\":true"))
        #expect(TorchProcess.run(["mode", "sos"] + common).status == 0)
        let lit = status()
        #expect(lit.contains("\"lit\":true") && lit.contains("\"pattern\":\"sos\""), "a lit torch switches: \(lit)")
        service.signal(SIGTERM)
        #expect(service.wait() == 0)
    }
}
