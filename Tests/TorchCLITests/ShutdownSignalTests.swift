import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Signals during shutdown (issue 15, finding 8): the first SIGTERM stops the service;
/// every later SIGTERM, SIGINT or SIGQUIT stays blocked until the process exits, so the
/// exit status stays 0, nothing dumps core, and the light ends dark.
@Suite(.serialized) struct ShutdownSignalTests {
    @Test func aStormOfSignalsDuringShutdownStillExitsZero() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[light]\nlight-by-default = yes\n[service]\nsocket = \(socket)\n")
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display", "--trace", dir.path + "/trace.csv",
                                                 "--config", config, "--state-file", dir.path + "/state"]))
        #expect(waitUntil { TorchProcess.run(["status", "--config", config]).status == 0 }, "the service answers: \(service.stderr)")
        service.signal(SIGTERM)
        var sent = 1
        var status: Int32 = 0
        var exited = false
        let signals = [SIGINT, SIGQUIT, SIGTERM]
        // Keep signalling until it is gone (at most ~5 s).
        for i in 0..<50_000 {
            if waitpid(service.pid, &status, WNOHANG) == service.pid { exited = true; break }
            kill(service.pid, signals[i % signals.count])
            sent += 1
            usleep(100)
        }
        #expect(exited, "the service stopped")
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        #expect(code == 0, "exit status after \(sent) signals: \(code); \(service.stderr)")
        service.markExited(code)
    }
}
