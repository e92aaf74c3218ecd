import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 36, the owner's files: a root `torch run` follows no symbolic link at its state
/// file or holder file (the target is neither truncated nor echoed into the log), and
/// takes the holder lock even on a first run, before its state directory exists.
@Suite struct OwnFilesTests {
    static let secret = "secret-line-of-the-target-file-0123456789\n"

    func config(_ dir: TempDir) -> String {
        dir.write("torch.conf", "[service]\nsocket = \(dir.path)/torch.sock\n")
    }

    @Test func aLinkedHolderFileIsRefusedAndItsTargetKept() {
        let dir = TempDir()
        let target = dir.write("target", Self.secret)
        let state = dir.path + "/state"
        symlink(target, state + ".holder")
        let r = TorchProcess.run(["run", "--backend", "sim", "--no-display", "--for", "300ms",
                                  "--config", config(dir), "--state-file", state])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr == "torch: \(state).holder: is a symbolic link, refused: torch reads and writes its own files "
                + "only as regular files (remove the link)\n")
        #expect(readText(target) == Self.secret, "the target is not truncated")
    }

    @Test func aLinkedStateFileIsNotEchoedIntoTheLog() {
        let dir = TempDir()
        let target = dir.write("target", "version=1\nbrightness=" + Self.secret)
        let state = dir.path + "/state"
        symlink(target, state)
        let r = TorchProcess.run(["run", "--backend", "sim", "--no-display", "--for", "300ms",
                                  "--config", config(dir), "--state-file", state])
        #expect(r.status == 0, "the light still starts, from the defaults: \(r.stderr)")
        #expect(r.stderr.contains("torch: \(state): is a symbolic link, refused"), "\(r.stderr)")
        #expect(!r.stderr.contains("secret-line"), "nothing of the target in the log: \(r.stderr)")
        #expect(readText(target) == "version=1\nbrightness=" + Self.secret, "nor written through the link")
    }

    @Test func aFirstRunTakesTheHolderLockBeforeItsStateDirectoryExists() throws {
        let dir = TempDir()
        // Neither run has its state directory yet; each has its own socket.
        let state = dir.path + "/new/var/lib/torch/state"
        let first = try #require(RunningTorch(["run", "--backend", "sim", "--no-display", "--config",
                                               dir.write("a.conf", "[service]\nsocket = \(dir.path)/a.sock\n"),
                                               "--state-file", state]))
        #expect(waitUntil { (readText(state + ".holder") ?? "").hasPrefix("\(first.pid)\n") }, "\(first.stderr)")
        let second = TorchProcess.run(["run", "--backend", "sim", "--no-display", "--for", "300ms", "--config",
                                       dir.write("b.conf", "[service]\nsocket = \(dir.path)/b.sock\n"),
                                       "--state-file", state])
        #expect(second.status == 1, "no second torch beside the first: \(second.stderr)")
        #expect(second.stderr.contains("pid \(first.pid)"), "\(second.stderr)")
        let foreground = TorchProcess.run(["on", "--backend", "sim", "--no-display", "--for", "300ms", "--config",
                                           dir.write("c.conf", "[service]\nsocket = \(dir.path)/c.sock\n"),
                                           "--state-file", state])
        #expect(foreground.status == 1, "nor a foreground torch: \(foreground.stderr)")
        first.signal(SIGTERM)
        #expect(first.wait() == 0, "\(first.stderr)")
    }
}
