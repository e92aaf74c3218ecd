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
        let env: [String] = ["PATH=/usr/bin:/bin", "HOME=/tmp"] + extra
        guard case let .success(pid) = spawnClean(TorchProcess.command + args, env: env, stdout: dir.path + "/stdout",
                                                  stderr: dir.path + "/stderr") else { return nil }
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
        let code = reap(pid)
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
