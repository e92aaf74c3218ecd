import CTorchSys
import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// Runs other programs: `torch setup` asks systemd about the service and restarts it
/// with `systemctl` (`run`: to its end, its output this process's); the service asks
/// `systemctl` what systemd is doing with its unit (`output`, for `ServiceManager`).
public enum ChildProcess {
    /// The exit status, 128 + N when signal N ended it; nil when it could not start
    /// (`argv[0]` is found on PATH).
    public static func run(_ argv: [String], quiet: Bool = false) -> Int32? {
        guard let program = argv.first else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if quiet {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, program, &actions, &attributes, &cArgs, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// The most output `output` keeps, in bytes (systemctl's answers are a few lines).
    public static let maxOutput = 64 * 1024

    /// The program's standard output when it exits with status 0 within `timeout`; else
    /// one line saying why. The child gets no descriptor of torch's but its output pipe,
    /// a fixed environment, and the stop signals blocked (it is asked while systemd
    /// signals the stopping unit's every process); one that outlives `timeout` is
    /// killed.
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
