import Testing
import TorchTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 36: a SIGHUP or SIGTERM in the service's first milliseconds (systemd reloading
/// or stopping a start) cannot kill `torch run` before its handlers exist. The signal is
/// delivered at a chosen instant by the real kernel under strace's syscall tampering:
/// as `torch run` opens its config file (`-P CONFIG -e inject=openat:signal=SIG:when=1`),
/// the first of its own work after the process starts. Blocked first thing, the signal
/// waits, pending, for the event loop, which reloads or stops cleanly.
@Suite(.serialized, .disabled(if: underEmulation, "strace sees qemu-user's system calls, not torch's"))
struct StartSignalTests {
    static let strace = "/usr/bin/strace"

    /// `torch run` under strace, `signal` injected when it first opens `config`; stdout
    /// and stderr (strace's and torch's) in `dir`.
    func start(_ dir: TempDir, config: String, signal: String, extra: [String] = []) throws -> pid_t {
        try #require(access(Self.strace, X_OK) == 0, "strace is missing: make test-deps installs it")
        let argv = [Self.strace, "-qq", "-o", "/dev/null", "-P", config, "-e", "trace=openat",
                    "-e", "inject=openat:signal=\(signal):when=1"]
            + TorchProcess.command + ["run", "--backend", "sim", "--no-display", "--config", config,
                                      "--state-file", dir.path + "/state"] + extra
        guard case let .success(pid) = spawnClean(argv, env: ["PATH=/usr/bin:/bin", "HOME=" + dir.path],
                                                  stdout: dir.path + "/stdout", stderr: dir.path + "/stderr",
                                                  cleanSignals: true) else {
            throw SpawnFailed()
        }
        return pid
    }

    struct SpawnFailed: Error {}

    /// The torch strace started (its one child): signals go to it, as systemd's do.
    func torchPid(under strace: pid_t) -> pid_t? {
        let children = readText("/proc/\(strace)/task/\(strace)/children") ?? ""
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// The exit code as a shell says it: 128 + the signal when killed (strace mirrors its
    /// tracee's end).
    func exitCode(_ pid: pid_t) -> Int32 { reap(pid) }

    @Test func aSIGHUPAtTheFirstConfigReadIsAReloadNotADeath() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\n")
        let pid = try start(dir, config: config, signal: "SIGHUP")
        var reaped = false
        defer {
            // A failed check never leaves the service behind.
            if !reaped {
                if let torch = torchPid(under: pid) { kill(torch, SIGKILL) }
                _ = reap(pid)
            }
        }
        // Until it answers, or strace has ended (it ends with torch: killed by the signal).
        var ended: Int32 = 0
        let answered = waitUntil(30) { ServiceSocket.answers(socket) || waitpid(pid, &ended, WNOHANG) == pid }
            && ServiceSocket.answers(socket)
        let stderr = readText(dir.path + "/stderr") ?? ""
        #expect(answered, "the service lives on and answers (wait status \(ended)): \(stderr)")
        guard answered else { return }
        #expect(waitUntil(10) { (readText(dir.path + "/stderr") ?? "").contains("config reloaded") },
                "the SIGHUP was read by the event loop as a reload: \(readText(dir.path + "/stderr") ?? "")")
        let torch = try #require(torchPid(under: pid))
        kill(torch, SIGTERM)
        reaped = true
        #expect(exitCode(pid) == 0, "\(readText(dir.path + "/stderr") ?? "")")
    }

    @Test func aSIGTERMAtTheFirstConfigReadIsACleanStop() throws {
        let dir = TempDir()
        let config = dir.write("torch.conf", "[light]\nlight-by-default = yes\n[service]\nsocket = \(dir.path)/torch.sock\n")
        let trace = dir.path + "/trace.csv"
        let pid = try start(dir, config: config, signal: "SIGTERM", extra: ["--trace", trace])
        let code = exitCode(pid)
        #expect(code == 0, "stopped by its own event loop, not killed (143): \(readText(dir.path + "/stderr") ?? "")")
        let last = (readText(trace) ?? "").split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.split(separator: ",").last.flatMap { Double($0) } == 0, "and it ended dark: \(last)")
    }
}
