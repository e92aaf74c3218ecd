#if canImport(Glibc)
import Glibc
#endif

/// A `torch` started in the background (the service), with stdout/stderr in files.
final class RunningTorch {
    let pid: pid_t
    let dir = TempDir()
    var stderrPath: String { dir.path + "/stderr" }
    private var exitStatus: Int32?

    init?(_ args: [String], environment extra: [String] = []) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, dir.path + "/stdout", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, dir.path + "/stderr", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = TorchProcess.command + args
        var cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cargs { free(p) } }
        let env: [String] = ["PATH=/usr/bin:/bin", "HOME=/tmp"] + extra
        var cenv: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
        defer { for p in cenv { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, &cargs, &cenv) == 0 else { return nil }
        self.pid = pid
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
    }

    var stderr: String { readText(stderrPath) ?? "" }

    func signal(_ s: Int32) { kill(pid, s) }

    /// The process was reaped elsewhere (a waitpid of the test's own): do not wait again.
    func markExited(_ code: Int32) { exitStatus = code }

    /// Waits for the process to end; its exit code (128 + signal when killed).
    @discardableResult
    func wait() -> Int32 {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exitStatus = code
        return code
    }
}

/// Polls `condition` every 20 ms for at most `seconds`.
func waitUntil(_ seconds: Double = 20, _ condition: () -> Bool) -> Bool {
    var waited = 0.0
    while waited < seconds {
        if condition() { return true }
        usleep(20_000)
        waited += 0.02
    }
    return condition()
}
