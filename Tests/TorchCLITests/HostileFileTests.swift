import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 15, findings 6 and 7: a config or state path that names a FIFO, a directory or
/// a device neither hangs torch nor gets the wrong explanation; each is one line naming
/// the path and what it is.
@Suite struct HostileFileTests {
    private func config(_ dir: TempDir) -> String {
        dir.write("torch.conf", "[service]\nsocket = \(dir.path)/torch.sock\nsocket-group = root\n")
    }

    @Test func aFIFOAsTheConfigIsOneLineAndExit78() {
        let dir = TempDir()
        let fifo = dir.path + "/torch.conf"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let r = TorchProcess.run(["status", "--config", fifo, "--state-file", dir.path + "/state"])
        #expect(r.status == 78)
        #expect(r.stderr == "torch: config file \(fifo): is a FIFO, not a regular file\n")
    }

    @Test func aFIFOAsTheStateFileDoesNotHangStatus() {
        let dir = TempDir()
        let fifo = dir.path + "/state"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let r = TorchProcess.run(["status", "--json", "--config", config(dir), "--state-file", fifo])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"lit\":false"), "\(r.stdout)")
    }

    @Test(arguments: ["FIFO", "directory"])
    func aStateFileThatIsNotARegularFileSaysWhatItIs(kind: String) {
        let dir = TempDir()
        let state = dir.path + "/state"
        #expect((kind == "FIFO" ? mkfifo(state, 0o600) : mkdir(state, 0o755)) == 0)
        defer { if kind == "FIFO" { unlink(state) } else { rmdir(state) } }
        let r = TorchProcess.run(["run", "--backend", "sim", "--no-display", "--for", "1s",
                                  "--config", config(dir), "--state-file", state])
        #expect(r.stderr.contains("torch: \(state): is a \(kind), not a regular file; using defaults\n"), "\(r.stderr)")
        #expect(!r.stderr.contains("no saved state yet"), "\(r.stderr)")
    }

    @Test func aHugePatternInTheStateFileIsEchoedBounded() {
        let dir = TempDir()
        let pattern = "custom " + String(repeating: "z", count: 100_000)
        let state = dir.write("state", "version=1\nbrightness=50%\npattern=\(pattern)\nbutton-mode=smart\nlit=no\n")
        let r = TorchProcess.run(["run", "--backend", "sim", "--no-display", "--for", "1s",
                                  "--config", config(dir), "--state-file", state])
        let warning = r.stderr.split(separator: "\n").first { $0.contains("pattern '") }
        #expect(warning != nil, "\(r.stderr)")
        #expect((warning?.count ?? .max) < 400, "bounded: \(warning?.prefix(200) ?? "")")
        #expect(warning?.contains("pattern 'custom zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…'") == true, "\(warning?.prefix(200) ?? "")")
    }
}
