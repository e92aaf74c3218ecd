import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--trace` files as a user reads them (issue 26): written by every light command, the
/// dark-only ones too, and live while the light plays.
@Suite struct TraceFileTests {
    /// `torch blink --speed 0` is an off; its `--trace` still records the dark write.
    @Test func blinkSpeedZeroWritesItsTrace() {
        let dir = TempDir()
        let trace = dir.path + "/stop.csv"
        let config = dir.write("torch.conf", "[service]\nsocket = \(dir.path)/torch.sock\n")
        let r = TorchProcess.run(["blink", "--speed", "0", "--backend", "sim", "--trace", trace,
                                  "--config", config, "--state-file", dir.path + "/state"])
        #expect(r.status == 0, "\(r.stderr)")
        let changes = TraceEndToEndTests.parse(readText(trace) ?? "")
        #expect(changes.count == 1 && changes.first?.level == 0, "one change, dark: \(readText(trace) ?? "no file")")
    }

    /// The trace follows the light while it plays: a reader sees the first change long
    /// before the run ends (it is written each loop turn, not at 32 KiB or the stop).
    @Test func traceIsWrittenWhileTheLightPlays() throws {
        let dir = TempDir()
        let trace = dir.path + "/live.csv"
        let config = dir.write("torch.conf", "[service]\nsocket = \(dir.path)/torch.sock\n")
        let torch = try #require(RunningTorch(["blink", "--rate", "2Hz", "--backend", "sim", "--no-display",
                                               "--trace", trace, "--config", config, "--state-file", dir.path + "/state"]))
        let seen = waitUntil(15) { TraceEndToEndTests.parse(readText(trace) ?? "").count >= 2 }
        #expect(seen, "the trace has no lines while the blink plays: \(readText(trace) ?? "no file")")
        torch.signal(SIGTERM)
        #expect(torch.wait() == 0, "\(torch.stderr)")
    }
}
