import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 36, the SD card: a state directory on a read-only file system (an SD card
/// mounted read-only) leaves the light working and says in one line that choices will not
/// be kept; one on an overlay file system (Raspberry Pi OS's, its changes in RAM) says how
/// long they last. Real mounts in a mount namespace of the test's own (`unshare -m`):
/// root only.
@Suite(.enabled(if: getuid() == 0, "mounting needs root"))
struct StateDirectoryTests {
    /// `torch on 40% --for 1s` with its state file in `dir/state`, after `mounts` (shell
    /// commands) in a private mount namespace.
    func onAfter(_ mounts: String, _ dir: TempDir) -> (TorchProcess, trace: String) {
        let trace = dir.path + "/trace.csv"
        let config = dir.write("torch.conf", "[service]\nsocket = \(dir.path)/torch.sock\n")
        let torch = (TorchProcess.command + ["on", "40%", "--backend", "sim", "--no-display", "--for", "1s",
                                             "--config", config, "--state-file", dir.path + "/state/state", "--trace", trace])
            .map { "'\($0)'" }.joined(separator: " ")
        let r = TorchProcess.runInMountNamespace("mkdir -p \(dir.path)/state && \(mounts) && exec \(torch)")
        return (r, readText(trace) ?? "")
    }

    func litLevels(_ trace: String) -> [Double] {
        trace.split(separator: "\n").compactMap { $0.split(separator: ",").last.flatMap { Double($0) } }
    }

    @Test func aReadOnlyStateDirectoryLeavesTheLightWorkingAndSaysChoicesWillNotBeKept() {
        let dir = TempDir()
        let (r, trace) = onAfter("mount -t tmpfs -o ro,size=64k tmpfs \(dir.path)/state", dir)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").map(String.init).filter { $0.contains("state file:") || $0.contains("choices") }
        #expect(lines == ["state file: \(dir.path)/state is on a read-only file system: the light works, but choices will not be "
                          + "kept (remount it read-write, or set [service] state-file elsewhere)"], "one line: \(r.stderr)")
        let levels = litLevels(trace)
        #expect(levels.contains { $0 > 0 }, "the light worked: \(trace)")
        #expect(levels.last == 0, "and ended dark")
    }

    @Test func anOverlayStateDirectorySaysHowLongChoicesLast() {
        let dir = TempDir()
        let u = dir.path + "/layers"
        let (r, trace) = onAfter("mkdir -p \(u) && mount -t tmpfs tmpfs \(u) && mkdir \(u)/l \(u)/u \(u)/w && "
                                 + "mount -t overlay overlay -o lowerdir=\(u)/l,upperdir=\(u)/u,workdir=\(u)/w \(dir.path)/state", dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("state file: \(dir.path)/state is on an overlay file system: choices last as long as its upper "
                                  + "layer (in RAM under Raspberry Pi OS's overlay file system: until the next boot)\n"), "\(r.stderr)")
        #expect(litLevels(trace).contains { $0 > 0 })
    }

    @Test func aStateDirectoryOnDiskSaysNothing() {
        let dir = TempDir()
        let (r, _) = onAfter("true", dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("choices"), "\(r.stderr)")
        #expect(readText(dir.path + "/state/state")?.contains("brightness=40%") == true)
    }
}
