import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 15, finding 9: a config of garbage prints the first 20 errors and a count, with
/// control characters escaped; a file over 1 MiB is refused in one line.
@Suite struct ConfigErrorCapTests {
    @Test func manyBadLinesPrintTwentyAndACount() {
        let dir = TempDir()
        let garbage = (1...25).map { "line \($0) \u{1b}[2J" + String(repeating: "x", count: 100) }
        let conf = dir.write("torch.conf", garbage.joined(separator: "\n") + "\n")
        let r = TorchProcess.run(["on", "--backend", "sim", "--for", "1s", "--config", conf,
                                  "--state-file", dir.path + "/state"])
        #expect(r.status == 78)
        #expect(!r.stderr.unicodeScalars.contains("\u{1b}"), "no escape sequence reaches the terminal")
        Golden.check(r.stderr.replacingOccurrences(of: dir.path, with: "$DIR"), "config-errors-capped.txt")
    }

    @Test func aConfigOverOneMiBIsRefusedInOneLine() {
        let dir = TempDir()
        let conf = dir.write("torch.conf", String(repeating: "# comment\n", count: 110_000))
        let r = TorchProcess.run(["status", "--config", conf, "--state-file", dir.path + "/state"])
        #expect(r.status == 78)
        #expect(r.stderr == "torch: config file \(conf): 1100000 bytes, over the 1 MiB limit for this file; is this the right file?\n")
    }
}
