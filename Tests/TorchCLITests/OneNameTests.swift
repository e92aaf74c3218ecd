import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One name per idea in what the user reads (issue 26): what `torch status` shows can be
/// chosen again as written, a name nothing knows is a usage error (exit 64), and the
/// status's "lit while held" is not the button mode's name.
@Suite struct OneNameTests {
    @Test func whatStatusShowsIsAModeAndABadNameIsAUsageError() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        func checkBadName() {
            let bad = TorchProcess.run(["mode", "nonesuch"] + common)
            #expect(bad.status == 64, "\(bad.stderr)")
            #expect(bad.stderr.hasPrefix("torch: error: <name>: unknown pattern 'nonesuch'"), "\(bad.stderr)")
            #expect(bad.stderr.contains("See 'torch mode --help'."))
        }
        // No service: remembered in the state file.
        let alone = TorchProcess.run(["mode", "strobe slow"] + common)
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(TorchProcess.run(["status", "--json"] + common).stdout.contains("\"pattern\":\"strobe slow\""))
        checkBadName()

        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        let shown = TorchProcess.run(["mode", "strobe fast"] + common)
        #expect(shown.status == 0, "\(shown.stderr)")
        let text = TorchProcess.run(["status"] + common).stdout
        #expect(text.contains("strobe fast"), "\(text)")
        #expect(text.contains("lit while held"), "\(text)")
        #expect(!text.contains("  momentary "), "one name for the button mode only: \(text)")
        checkBadName()
        service.signal(SIGTERM)
        #expect(service.wait() == 0)
    }
}
