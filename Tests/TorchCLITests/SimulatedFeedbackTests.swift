import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `[feedback] line` on the simulated torch (issue 26): the seed's haptic tap is not
/// dropped; each pulse is a line in the terminal (the log) and two lines in the trace.
@Suite struct SimulatedFeedbackTests {
    @Test func thePulseIsShownAndTraced() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let trace = dir.path + "/trace.csv"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n[feedback]\nline = GPIO25\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display", "--trace", trace] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        #expect(service.stderr.contains("[feedback] line GPIO25 is simulated"), "one line says how it applies: \(service.stderr)")
        #expect(TorchProcess.run(["button", "tap"] + common).status == 0)
        #expect(waitUntil(10) { (readText(trace) ?? "").contains(",feedback,0") }, "\(readText(trace) ?? "no trace")")
        let lines = (readText(trace) ?? "").split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix(",feedback,1") }, "\(lines)")
        #expect(service.stderr.contains("feedback: pulse (30ms)"), "\(service.stderr)")
        // The light's own lines stay two fields, as readers of the trace expect.
        #expect(TraceEndToEndTests.parse(readText(trace) ?? "").contains { $0.level == 1 })
        service.signal(SIGTERM)
        #expect(service.wait() == 0)
    }
}
