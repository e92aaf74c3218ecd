import CTorchSys
import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// Runs another program and reads what it prints: for `systemctl`, which says what the
/// service manager is doing with torch's unit (`ServiceManager`). The child gets no
/// descriptor of torch's but its output pipe, a fixed environment, and the stop signals
/// blocked (it is asked while systemd signals the stopping unit's every process); one
/// that outlives `timeout` is killed.
public enum ChildProcess {
    /// The most output kept, in bytes (systemctl's answers are a few lines).
    public static let maxOutput = 64 * 1024

    /// The program's standard output when it exits with status 0 within `timeout`; else
    /// one line saying why.
    public static func output(of path: String, _ arguments: [String], timeout: Duration) -> Result<String, HardwareError> {
        let argv = ([path] + arguments).map { strdup($0) }
        let environment: [String] = ["PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL=C", "SYSTEMD_COLORS=0", "SYSTEMD_PAGER=cat"]
        let envp = environment.map { strdup($0) }
        defer { for p in argv + envp { free(p) } }
        var pid: pid_t = 0
        var readEnd: Int32 = -1
        let rc = (argv + [nil]).withUnsafeBufferPointer { a in
            (envp + [nil]).withUnsafeBufferPointer { e in
                ctorch_spawn_reading(path, a.baseAddress, e.baseAddress, &pid, &readEnd)
            }
        }
        guard rc == 0 else { return .failure(HardwareError("\(path): cannot start: \(errnoText(rc))", errno: rc)) }
        let pipe = FileDescriptor(owning: readEnd)
        let deadline = ctorch_monotonic_ns().saturatingAdding(timeout.nanoseconds)
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var timedOut = false
        while true {
            var p = pollfd(fd: pipe.rawValue, events: Int16(POLLIN), revents: 0)
            let left = deadline - ctorch_monotonic_ns()
            if left <= 0 { timedOut = true; break }
            let ready = ctorch_poll_ns(&p, 1, left)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { timedOut = ready == 0; break }
            let n = Interrupted.retry { chunk.withUnsafeMutableBytes { read(pipe.rawValue, $0.baseAddress, $0.count) } }
            if n <= 0 { break }
            if data.count < maxOutput { data.append(contentsOf: chunk[0..<min(n, maxOutput - data.count)]) }
        }
        pipe.close()
        if timedOut { kill(pid, SIGKILL) }
        var status: Int32 = 0
        _ = Interrupted.retry { waitpid(pid, &status, 0) }
        if timedOut { return .failure(HardwareError("\(path): no answer within \(DurationSyntax.format(timeout))", errno: ETIMEDOUT)) }
        let exited = (status & 0x7f) == 0
        let code = (status >> 8) & 0xff
        guard exited, code == 0 else {
            return .failure(HardwareError("\(path) \(arguments.joined(separator: " ")): " + (exited ? "exit status \(code)" : "killed by signal \(status & 0x7f)"), errno: EIO))
        }
        return .success(String(decoding: data, as: UTF8.self))
    }
}
