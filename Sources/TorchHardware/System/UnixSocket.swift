import CTorchSys
#if canImport(Glibc)
import Glibc
#endif

/// Unix-domain sockets (AF_UNIX) for the control socket and sd_notify: addresses by
/// path, or abstract names written `@name` as systemd does. Every failure is a
/// `HardwareError` naming the call and the path, with its errno.
public enum UnixSocket {
    /// The longest path a `sockaddr_un` holds, NUL excluded (108 − 1 bytes on Linux).
    public static let maxPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// A listening stream socket bound at `path` (non-blocking, close-on-exec).
    /// The caller removes a stale socket first; EADDRINUSE means something is there.
    public static func listen(path: String, backlog: Int32 = 16) throws(HardwareError) -> FileDescriptor {
        let socket = try open(SOCK_STREAM, path: path)
        let fd = socket.rawValue
        var (addr, len) = try address(path)
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, len) }
        }
        guard rc == 0 else { throw fail("bind", path) }
        guard Glibc.listen(fd, backlog) == 0 else { throw fail("listen", path) }
        setNonBlocking(fd, true)
        return socket
    }

    /// A stream socket connected to `path` (blocking, close-on-exec). ENOENT and
    /// ECONNREFUSED (nothing listening) come back in the error's errno.
    ///
    /// - Parameter timeout: bounds connect (a full backlog blocks), send and receive
    ///   (SO_SNDTIMEO/SO_RCVTIMEO); nil waits as long as it takes.
    public static func connect(path: String, timeout: Duration? = nil) throws(HardwareError) -> FileDescriptor {
        let socket = try open(SOCK_STREAM, path: path)
        let fd = socket.rawValue
        if let timeout, timeout > .zero {
            let ns = timeout.nanoseconds
            var tv = timeval(tv_sec: Int(ns / 1_000_000_000), tv_usec: Int((ns % 1_000_000_000) / 1000))
            for option in [SO_SNDTIMEO, SO_RCVTIMEO] {
                _ = setsockopt(fd, SOL_SOCKET, option, &tv, socklen_t(MemoryLayout<timeval>.size))
            }
        }
        var (addr, len) = try address(path)
        let rc = Interrupted.retry {
            withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, len) }
            }
        }
        guard rc == 0 else { throw fail("connect", path) }
        return socket
    }

    /// Sends one datagram to `path` from a fresh unbound socket (sd_notify's way).
    public static func sendDatagram(_ bytes: [UInt8], to path: String) throws(HardwareError) {
        let socket = try open(SOCK_DGRAM, path: path)
        let fd = socket.rawValue
        var (addr, len) = try address(path)
        let sent = bytes.withUnsafeBytes { buf in
            withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd, buf.baseAddress, buf.count, Int32(MSG_NOSIGNAL), $0, len)
                }
            }
        }
        guard sent == bytes.count else { throw fail("sendto", path) }
    }

    /// Sends one datagram to `path` with `descriptors` attached (SCM_RIGHTS: the
    /// receiver gets its own copies), from a fresh unbound socket: sd_notify's
    /// `FDSTORE=1` and `BARRIER=1`.
    public static func sendDatagram(_ bytes: [UInt8], to path: String, descriptors: [Int32]) throws(HardwareError) {
        let socket = try open(SOCK_DGRAM, path: path)
        var (addr, len) = try address(path)
        let rc = bytes.withUnsafeBytes { buf in
            descriptors.withUnsafeBufferPointer { fds in
                withUnsafePointer(to: &addr) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        ctorch_send_with_fds(socket.rawValue, $0, len, buf.baseAddress, buf.count,
                                             fds.baseAddress, Int32(clamping: fds.count))
                    }
                }
            }
        }
        guard rc == 0 else { throw HardwareError("\(path): sendmsg: \(errnoText(rc))", errno: rc) }
    }

    /// Accepts one waiting connection (non-blocking, close-on-exec); nil when none is
    /// waiting or on a transient error (the caller polls again).
    public static func accept(_ listener: FileDescriptor) -> FileDescriptor? {
        let fd = ctorch_accept(listener.rawValue, nil, nil)
        return fd >= 0 ? FileDescriptor(owning: fd) : nil
    }

    /// The connected peer's process, user and group (SO_PEERCRED), as the kernel saw
    /// them at connect time.
    public static func peerCredentials(_ fd: Int32) -> PeerCredentials? {
        // `struct ucred` needs _GNU_SOURCE in C; its layout is fixed: pid, uid, gid.
        var cred = PeerCredentials(pid: 0, uid: 0, gid: 0)
        var len = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0,
              len == socklen_t(MemoryLayout<PeerCredentials>.size) else { return nil }
        return cred
    }

    /// Sets or clears O_NONBLOCK.
    public static func setNonBlocking(_ fd: Int32, _ on: Bool) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    /// Writes all of `bytes` without raising SIGPIPE. On a non-blocking socket a full
    /// buffer (EAGAIN) counts as failure: the peer is not reading its replies.
    public static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        sendAll(fd, bytes) == .sent
    }

    /// How `sendAll` ended.
    public enum SendOutcome: Equatable, Sendable {
        case sent
        /// The peer closed its end (EPIPE, ECONNRESET): what it wrote before closing
        /// can still be read.
        case peerClosed(errno: Int32)
        case failed(errno: Int32)
    }

    /// Writes all of `bytes` without raising SIGPIPE, saying why it stopped if it did.
    public static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> SendOutcome {
        var done = 0
        while done < bytes.count {
            let n = Interrupted.retry {
                bytes.withUnsafeBytes { buf in
                    Glibc.send(fd, buf.baseAddress.map { $0 + done }, buf.count - done, Int32(MSG_NOSIGNAL))
                }
            }
            if n > 0 { done += n; continue }
            let e = n < 0 ? errno : EPIPE
            return e == EPIPE || e == ECONNRESET ? .peerClosed(errno: e) : .failed(errno: e)
        }
        return .sent
    }

    /// What one `receive` got.
    public enum Received: Equatable, Sendable {
        /// This many bytes, at the start of the buffer.
        case bytes(Int)
        /// Nothing yet (a non-blocking socket with nothing waiting).
        case nothingYet
        /// The peer closed its end and everything it sent has been read.
        case end
        case failed(errno: Int32)
    }

    /// One `read` into `buffer` (EINTR retried).
    public static func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Received {
        let n = Interrupted.retry { buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
        if n > 0 { return .bytes(n) }
        if n == 0 { return .end }
        let e = errno
        if e == EAGAIN || e == EWOULDBLOCK { return .nothingYet }
        return .failed(errno: e)
    }

    /// Waits until `fd` is readable (or hung up) for at most `timeout`: true when it is,
    /// false when the time ran out or a signal came (the caller checks its deadline).
    /// Throws only when poll itself fails.
    public static func waitReadable(_ fd: Int32, timeout: Duration) throws(HardwareError) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let rc = ctorch_poll_ns(&pfd, 1, max(0, timeout.nanoseconds))
        if rc > 0 { return true }
        if rc == 0 { return false }
        let e = errno
        if e == EINTR { return false }
        throw HardwareError("poll: \(errnoText(e))", errno: e)
    }

    /// True for a connect failure that means nothing listens at the path (ENOENT,
    /// ECONNREFUSED), as opposed to a service that is there but unreachable.
    public static func isNothingListening(_ error: HardwareError) -> Bool {
        error.errno == ENOENT || error.errno == ECONNREFUSED
    }

    /// True for a connect this user may not make: the socket file's mode or a directory
    /// on its path forbids it (EACCES; EPERM from a security module).
    public static func isPermissionDenied(_ error: HardwareError) -> Bool {
        error.errno == EACCES || error.errno == EPERM
    }

    /// The path a socket is bound to (getsockname), `@name` for an abstract one; nil
    /// when it has none.
    public static func boundPath(_ fd: Int32) -> String? {
        var addr = sockaddr_un()
        var len = socklen_t(MemoryLayout<sockaddr_un>.size)
        let rc = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        let offset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        guard rc == 0, Int(len) > offset else { return nil }
        var bytes = withUnsafeBytes(of: addr.sun_path) { Array($0.prefix(Int(len) - offset)) }
        if bytes.first == 0 { bytes[0] = UInt8(ascii: "@") } else if let nul = bytes.firstIndex(of: 0) { bytes = Array(bytes[..<nul]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True for a connect that timed out (a full backlog: EAGAIN).
    public static func isTimeout(_ error: HardwareError) -> Bool {
        error.errno == EAGAIN || error.errno == EWOULDBLOCK
    }

    /// The sockaddr_un for a path, or for an abstract name when it starts with `@`.
    static func address(_ path: String) throws(HardwareError) -> (sockaddr_un, socklen_t) {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        guard !bytes.isEmpty, bytes.count <= maxPathBytes, abstract || !bytes.contains(0) else {
            throw HardwareError("\(path): not a usable socket path (1 to \(maxPathBytes) bytes)", errno: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let offset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        // An abstract address is exactly its bytes; a path address includes its NUL.
        return (addr, socklen_t(offset + bytes.count + (abstract ? 0 : 1)))
    }

    private static func open(_ type: __socket_type, path: String) throws(HardwareError) -> FileDescriptor {
        let fd = socket(AF_UNIX, Int32(type.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw fail("socket", path) }
        return FileDescriptor(owning: fd)
    }

    /// The error of the call that just failed (errno read before the caller's socket
    /// is closed by going out of scope).
    private static func fail(_ call: String, _ path: String) -> HardwareError {
        let e = errno
        return HardwareError("\(path): \(call): \(errnoText(e))", errno: e)
    }
}

/// Who is on the other end of a Unix socket (SO_PEERCRED; `struct ucred`'s layout).
public struct PeerCredentials: Equatable, Sendable {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32
}
