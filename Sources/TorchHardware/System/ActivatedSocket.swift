import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// What systemd passed this process, as `sd_listen_fds_with_names(3)` takes it: from
/// `LISTEN_PID`/`LISTEN_FDS`/`LISTEN_FDNAMES`, descriptors 3 on, each then made
/// close-on-exec and the variables removed, so nothing this process starts inherits
/// them. The control socket (torch.socket: socket activation) and the descriptors of the
/// unit's file descriptor store (`SocketActivation.storedNames`).
public enum ActivatedSocket {
    /// The inherited descriptors; none when systemd passed none (torch run started by
    /// hand, or a unit without torch.socket and without a store). Throws when the
    /// variables are malformed or the socket is not a listening Unix stream socket.
    public static func take() throws(HardwareError) -> SocketActivation.Inherited {
        let inherited: SocketActivation.Inherited
        do {
            inherited = try SocketActivation.inherited(listenPID: ProcessEnvironment.variable("LISTEN_PID"),
                                                       listenFDs: ProcessEnvironment.variable("LISTEN_FDS"),
                                                       listenFDNames: ProcessEnvironment.variable("LISTEN_FDNAMES"),
                                                       processID: getpid())
        } catch {
            throw HardwareError(error.description)
        }
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        for fd in inherited.stored.values { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        guard let fd = inherited.controlSocket else { return inherited }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        guard option(fd, SO_DOMAIN) == AF_UNIX, option(fd, SO_TYPE) == Int32(SOCK_STREAM.rawValue),
              option(fd, SO_ACCEPTCONN) == 1 else {
            throw HardwareError("socket activation: descriptor \(fd) is not a listening Unix stream socket (torch.socket must have ListenStream=)")
        }
        return inherited
    }

    private static func option(_ fd: Int32, _ name: Int32) -> Int32? {
        var value: Int32 = 0
        var len = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, name, &value, &len) == 0 else { return nil }
        return value
    }
}
