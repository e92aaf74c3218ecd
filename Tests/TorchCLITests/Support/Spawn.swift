#if canImport(Glibc)
import Glibc
#endif

/// Starts `argv` (its first word a path) with `env` (nil: this process's environment),
/// stdin from /dev/null and stdout/stderr to files; the child's pid, or the errno
/// `posix_spawn` gave.
///
/// The child gets descriptors 0–2 and nothing else. The tests run in parallel in one
/// process, and a socket another test holds open without close-on-exec (a client's end,
/// a pipe) would otherwise live on in a `torch run` that outlasts that test: closing it
/// there would not close it, and a server waiting for its end-of-file would wait in vain.
/// So every child of the tests is started here, `system(3)` nowhere.
///
/// `cleanSignals`: the child starts with no signal blocked and every signal at its
/// default action, as systemd starts a service (the test process's own threads block
/// most signals, and a mask is inherited across exec).
func spawnClean(_ argv: [String], env: [String]?, stdout: String, stderr: String,
                cleanSignals: Bool = false) -> Result<pid_t, SpawnErrno> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if stderr == stdout {
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
    } else {
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    guard let closeFrom = CloseFrom.function else { return .failure(SpawnErrno(code: ENOSYS)) }
    let rc = closeFrom(&actions, 3)
    guard rc == 0 else { return .failure(SpawnErrno(code: rc)) }
    var cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for p in cargs { free(p) } }
    var cenv: [UnsafeMutablePointer<CChar>?] = (env ?? []).map { strdup($0) } + [nil]
    defer { for p in cenv { free(p) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    if cleanSignals {
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }
    var pid: pid_t = 0
    let spawned = env == nil ? posix_spawn(&pid, argv[0], &actions, &attributes, &cargs, environ)
                             : posix_spawn(&pid, argv[0], &actions, &attributes, &cargs, &cenv)
    return spawned == 0 ? .success(pid) : .failure(SpawnErrno(code: spawned))
}

/// Waits for `pid` to end: its exit code, 128 + the signal when killed.
func reap(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
}

/// Runs `argv` to its end as `spawnClean` starts it: its exit code, -1 when it could
/// not start.
func runClean(_ argv: [String], env: [String]? = nil, stdout: String = "/dev/null", stderr: String = "/dev/null") -> Int32 {
    guard case let .success(pid) = spawnClean(argv, env: env, stdout: stdout, stderr: stderr) else { return -1 }
    return reap(pid)
}

struct SpawnErrno: Error { var code: Int32 }

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on): the Glibc module does
/// not declare it, so it is looked up by name.
private enum CloseFrom {
    typealias Function = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    static let function: Function? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}
