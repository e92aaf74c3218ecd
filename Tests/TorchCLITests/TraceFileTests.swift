import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--trace` files as a user reads them (issue 26): written by every light command, the
/// dark-only ones too.
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
}
