import Testing
import TorchTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `torch on` lights the chosen mode (issue 26), in the foreground and through the service.
@Suite struct OnChosenModeTests {
    /// `torch mode sos`, then `torch on`: SOS lights (the seed's "in SOS mode makes the
    /// flash fire in the SOS pattern") and the remembered pattern stays sos; a level
    /// changes only the brightness.
    @Test func onLightsTheChosenModeInTheForeground() throws {
        let dir = TempDir()
        let state = dir.path + "/state"
        let trace = dir.path + "/on.csv"
        let config = dir.write("torch.conf", "[service]\nsocket = \(dir.path)/torch.sock\n")
        let common = ["--config", config, "--state-file", state]
        #expect(TorchProcess.run(["mode", "sos"] + common).status == 0)
        // Ten times as long under qemu-user, whose late wakes can skip a 150 ms dot.
        let r = TorchProcess.run(["on", "40%", "--backend", "sim", "--for", "\(1200 * emulationSlowdown)ms", "--trace", trace] + common)
        #expect(r.status == 0, "\(r.stderr)")
        let saved = readText(state) ?? ""
        #expect(saved.contains("pattern=sos"), "the chosen mode stays: \(saved)")
        #expect(saved.contains("brightness=40%"), "\(saved)")
        // SOS starts with three 150 ms dots: the light goes on and off within the second.
        let levels = TraceEndToEndTests.parse(readText(trace) ?? "").map(\.level)
        #expect(levels.filter { $0 > 0 }.count >= 3, "SOS blinks, steady would be one change: \(levels)")
    }

    @Test func onLightsTheChosenModeThroughTheService() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n")
        let state = dir.path + "/state"
        let common = ["--config", config, "--state-file", state]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        #expect(TorchProcess.run(["mode", "sos"] + common).status == 0)
        #expect(TorchProcess.run(["on"] + common).status == 0)
        let status = TorchProcess.run(["status", "--json"] + common).stdout
        #expect(status.contains("\"lit\":true") && status.contains("\"pattern\":\"sos\""), "\(status)")
        #expect(TorchProcess.run(["on", "30%"] + common).status == 0)
        let dimmer = TorchProcess.run(["status", "--json"] + common).stdout
        #expect(dimmer.contains("\"pattern\":\"sos\"") && dimmer.contains("\"brightness_percent\":30"), "\(dimmer)")
        #expect(waitUntil(5) { readText(state)?.contains("pattern=sos") == true }, "\(readText(state) ?? "")")
        service.signal(SIGTERM)
        #expect(service.wait() == 0)
    }
}
