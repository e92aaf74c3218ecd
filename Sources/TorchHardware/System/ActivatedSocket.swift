import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// The control socket systemd passed (torch.socket: socket activation), as
/// `sd_listen_fds(3)` takes it: from `LISTEN_PID`/`LISTEN_FDS`, descriptor 3, which is
/// then made close-on-exec and the variables removed, so nothing this process starts
/// inherits them.
public enum ActivatedSocket {
    /// The inherited listening socket, or nil when systemd passed none (torch run
    /// started by hand, or a unit without torch.socket). Throws when the variables are
    /// malformed or descriptor 3 is not a listening Unix stream socket.
    public static func take() throws(HardwareError) -> Int32? {
        let fd: Int32?
        do {
            fd = try SocketActivation.descriptor(listenPID: ProcessEnvironment.variable("LISTEN_PID"),
                                                 listenFDs: ProcessEnvironment.variable("LISTEN_FDS"),
                                                 processID: getpid())
        } catch {
            throw HardwareError(error.description)
        }
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        guard let fd else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        guard option(fd, SO_DOMAIN) == AF_UNIX, option(fd, SO_TYPE) == Int32(SOCK_STREAM.rawValue),
              option(fd, SO_ACCEPTCONN) == 1 else {
            throw HardwareError("socket activation: descriptor \(fd) is not a listening Unix stream socket (torch.socket must have ListenStream=)")
        }
        return fd
    }

    private static func option(_ fd: Int32, _ name: Int32) -> Int32? {
        var value: Int32 = 0
        var len = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, name, &value, &len) == 0 else { return nil }
        return value
    }
}
