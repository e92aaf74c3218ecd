import CTorchSys
import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// One non-blocking TCP connection (IPv4 or IPv6) for a front end on the service's poll
/// loop: the connect completes in the background (wait for POLLOUT, then `finishConnect`),
/// writes are queued and drained as the socket accepts them, reads never block.
///
/// Resolving a host name uses getaddrinfo, which blocks: an IP address or a name in
/// /etc/hosts returns at once; a name asked of DNS can take up to resolv.conf's
/// `timeout` × `attempts` per name server (5 s × 2 by default). It runs at a connect
/// attempt only, never while connected, and never on the light's real-time thread.
public final class TCPConnection: ByteStream {
    /// The socket, while open.
    private var socket: FileDescriptor?
    /// The socket's descriptor number (to poll); -1 once closed.
    public var fd: Int32 { socket?.rawValue ?? -1 }
    public private(set) var isConnected = false
    /// The address being tried, e.g. "[::1]:1883" or "127.0.0.1:1883".
    public private(set) var peer = ""
    /// Bytes queued and not yet accepted by the socket.
    public private(set) var outbox: [UInt8] = []
    /// The most queued before the connection counts as stuck (the peer is not reading).
    public let maxOutbox: Int
    private var candidates: [SocketAddress]
    private var errors: [String] = []

    /// Resolves `host` and starts connecting to its first address (the next ones are
    /// tried in turn when one refuses).
    public init(host: String, port: Int, maxOutbox: Int = 1 << 20) throws(HardwareError) {
        self.maxOutbox = maxOutbox
        candidates = try SocketAddress.resolve(host: host, port: port)
        try startNext()
    }

    /// Starts connecting to the first of `addresses`, already resolved (`HostResolving`):
    /// nothing here blocks.
    public init(addresses: [SocketAddress], maxOutbox: Int = 1 << 20) throws(HardwareError) {
        self.maxOutbox = maxOutbox
        candidates = addresses
        try startNext()
    }

    deinit { close() }

    /// True while the connect is in progress or bytes wait to be written: poll for POLLOUT.
    public var wantsWrite: Bool { fd >= 0 && (!isConnected || !outbox.isEmpty) }

    /// After POLLOUT (or any time) while connecting: true once connected; false while
    /// still in progress. Throws when every address failed.
    public func finishConnect() throws(HardwareError) -> Bool {
        guard fd >= 0 else { throw HardwareError("connection closed") }
        if isConnected { return true }
        var err: Int32 = 0
        var len = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0 { err = errno }
        if err == 0 {
            // Still connecting shows as no error and no peer.
            var addr = sockaddr_storage()
            var alen = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let connected = withUnsafeMutablePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &alen) == 0 }
            }
            if !connected { return false }
            isConnected = true
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            return true
        }
        errors.append("\(peer): \(errnoText(err))")
        socket = nil
        try startNext()
        return false
    }

    /// Queues `bytes` and writes what the socket takes now. Throws when the connection
    /// failed or the queue passed `maxOutbox`.
    public func send(_ bytes: [UInt8]) throws(HardwareError) {
        guard fd >= 0 else { throw HardwareError("connection closed") }
        outbox += bytes
        guard outbox.count <= maxOutbox else {
            throw HardwareError("\(peer): \(outbox.count) bytes wait to be sent (the peer is not reading)")
        }
        if isConnected { try flush() }
    }

    /// Writes queued bytes until the socket would block.
    public func flush() throws(HardwareError) {
        guard fd >= 0, isConnected else { return }
        var done = 0
        while done < outbox.count {
            let n = Interrupted.retry {
                outbox.withUnsafeBytes { Glibc.send(fd, $0.baseAddress.map { $0 + done }, $0.count - done, Int32(MSG_NOSIGNAL)) }
            }
            if n > 0 { done += n; continue }
            let e = errno
            if n < 0 && (e == EAGAIN || e == EWOULDBLOCK) { break }
            outbox.removeFirst(done)
            throw HardwareError("\(peer): send: \(errnoText(n < 0 ? e : EPIPE))", errno: e)
        }
        outbox.removeFirst(done)
    }

    /// Plain TCP keeps nothing back from poll(2).
    public var hasBufferedInput: Bool { false }

    /// Reads what is waiting, at most `limit` bytes.
    public func receive(limit: Int = 65_536) throws(HardwareError) -> StreamRead {
        guard fd >= 0 else { return .closed }
        var buffer = [UInt8](repeating: 0, count: max(1, limit))
        let n = Interrupted.retry { buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) } }
        if n > 0 { return .bytes(Array(buffer[0..<n])) }
        if n == 0 { return .closed }
        let e = errno
        if e == EAGAIN || e == EWOULDBLOCK { return .nothing }
        throw HardwareError("\(peer): receive: \(errnoText(e))", errno: e)
    }

    /// Closes the socket (idempotent).
    public func close() {
        socket?.close()
        socket = nil
        isConnected = false
        outbox.removeAll()
    }

    /// Starts a non-blocking connect to the next candidate address.
    private func startNext() throws(HardwareError) {
        while !candidates.isEmpty {
            let a = candidates.removeFirst()
            peer = a.description
            let s = Glibc.socket(a.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard s >= 0 else {
                let e = errno
                errors.append("\(peer): socket: \(errnoText(e))\(NetworkClosed.hint(e))")
                continue
            }
            let attempt = FileDescriptor(owning: s)
            let rc = a.withSockaddr { Glibc.connect(s, $0, $1) }
            let e = errno
            if rc == 0 || e == EINPROGRESS || e == EINTR {
                socket = attempt
                isConnected = false
                return
            }
            errors.append("\(peer): \(errnoText(e))")
        }
        throw HardwareError("cannot connect: " + errors.joined(separator: "; "))
    }
}

extension TCPConnection {
    /// A clean end: the queued bytes go out, then a FIN (shutdown for writing), then what
    /// the peer still sends is read until it closes too, at most `timeout` in all, and the
    /// socket is closed. Closing with unread bytes would send a RST instead, and a broker
    /// may then drop the last packets (a DISCONNECT among them) unread.
    public func closeGracefully(timeout: Duration) {
        let end = MonotonicClock().now() + timeout
        func left() -> Int64 { (end - MonotonicClock().now()).nanoseconds }
        while fd >= 0, isConnected, !outbox.isEmpty, left() > 0 {
            var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if ctorch_poll_ns(&pfd, 1, left()) <= 0 { break }
            do { try flush() } catch { break }
        }
        if fd >= 0, isConnected {
            _ = shutdown(fd, Int32(SHUT_WR))
            var buffer = [UInt8](repeating: 0, count: 4096)
            while left() > 0 {
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if ctorch_poll_ns(&pfd, 1, left()) <= 0 { break }
                let n = buffer.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 && !(n < 0 && (errno == EINTR || errno == EAGAIN)) { break }
            }
        }
        close()
    }
}
