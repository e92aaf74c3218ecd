import TorchCore
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// The control socket of `torch run`: a Unix stream socket speaking one JSON object per
/// line (see dist/PROTOCOL.md), driven by the service's own ppoll loop. It never blocks:
/// the loop polls `pollDescriptors`, passes the readable ones to `handleReady`, and calls
/// `expire` when `nextDeadline` passes.
///
/// Bad input never stops the service: malformed JSON or an unknown command gets an
/// error reply and the connection stays; a request over the size limit or a connection
/// idle past the timeout gets an error reply and is closed. When every slot is taken, a
/// new client still gets in: the longest-idle connection makes room (`ControlEviction`).
public final class ControlServer {
    public typealias Log = (LogPriority, String) -> Void

    public let settings: ControlServerSettings
    private let log: Log
    private var listener: Int32
    private var clients: [Int32: Client] = [:]
    private var nextClientNumber = 1

    private struct Client {
        var number: Int
        var buffer: [UInt8] = []
        /// The last complete, non-blank request, or when it connected: what idle time
        /// counts from, so dribbled bytes and keep-alive blank lines do not hold a slot.
        var lastRequest: Instant
        var uid: UInt32?
        var peer: String
    }

    /// Reads per client per wake-up (of 4 KiB each): a client that never stops sending
    /// gets its turn, then the loop serves everything else before reading it again.
    private static let readsPerWakeUp = 16

    /// Creates the directory if needed, removes a stale socket (one nothing answers on),
    /// binds, sets mode 0660 and the group, and listens.
    ///
    /// Throws when a service already answers on the path, when the path is something
    /// other than a socket, or when the socket cannot be made.
    public init(settings: ControlServerSettings, log: @escaping Log) throws(HardwareError) {
        self.settings = settings
        self.log = log
        let path = settings.path
        try ControlServer.makeDirectory(containing: path)
        try ControlServer.removeStale(path, log: log)
        listener = try UnixSocket.listen(path: path)
        if chmod(path, 0o660) != 0 {
            let e = errno
            log(.warning, "control socket \(path): chmod 0660: \(errnoText(e))")
        }
        if let group = settings.group { ControlServer.setGroup(path, group, log: log) }
        log(.info, "control socket: listening on \(path)")
    }

    deinit { close() }

    /// The descriptors to poll for reading: the listener and every client.
    public var pollDescriptors: [Int32] {
        guard listener >= 0 else { return [] }
        return [listener] + clients.keys.sorted()
    }

    /// When the first idle connection times out; nil with no clients.
    public var nextDeadline: Instant? {
        clients.values.map { $0.lastRequest + settings.idleTimeout }.min()
    }

    /// How many clients are connected.
    public var clientCount: Int { clients.count }

    /// Accepts new clients and answers every complete request line on the readable
    /// descriptors; `respond` carries out one request (the reply's id is filled in from
    /// the request when `respond` leaves it empty).
    public func handleReady(_ fds: Set<Int32>, now: Instant, _ respond: (ControlRequest) -> ControlReply) {
        guard listener >= 0 else { return }
        if fds.contains(listener) { acceptAll(now: now) }
        for fd in fds where fd != listener && clients[fd] != nil {
            serve(fd, now: now, respond)
        }
    }

    /// Closes every connection with no complete request for the timeout or longer, with
    /// an error reply.
    public func expire(now: Instant) {
        for (fd, c) in clients where now >= c.lastRequest + settings.idleTimeout {
            let timeout = DurationSyntax.format(settings.idleTimeout)
            _ = UnixSocket.send(fd, Array(ControlReply.failure("idle for \(timeout): connection closed").line.utf8))
            drop(fd, "idle for \(timeout)")
        }
    }

    /// Closes every connection and the listener, and removes the socket file.
    public func close() {
        guard listener >= 0 else { return }
        for fd in clients.keys { Glibc.close(fd) }
        clients.removeAll()
        Glibc.close(listener)
        listener = -1
        unlink(settings.path)
    }

    // MARK: - Connections

    private func acceptAll(now: Instant) {
        while let fd = UnixSocket.accept(listener) {
            let credentials = UnixSocket.peerCredentials(fd)
            let peer = credentials.map { "uid \($0.uid), pid \($0.pid)" } ?? "peer unknown"
            guard makeRoom() else {
                let reply = ControlReply.failure("too many clients: at most \(settings.maxClients) at once; try again later")
                _ = UnixSocket.send(fd, Array(reply.line.utf8))
                Glibc.close(fd)
                log(.warning, "control: refused a client (\(peer)): \(settings.maxClients) already connected")
                continue
            }
            let number = nextClientNumber
            nextClientNumber += 1
            clients[fd] = Client(number: number, lastRequest: now, uid: credentials?.uid, peer: peer)
            log(.info, "control: client \(number) connected (\(peer))")
        }
    }

    /// Frees a slot when all are taken by closing the connection `ControlEviction`
    /// picks; false only when there is no slot at all (`maxClients` 0).
    private func makeRoom() -> Bool {
        guard clients.count >= settings.maxClients else { return true }
        let candidates = clients.map { fd, c in
            ControlEviction.Candidate(fd: fd, uid: c.uid, lastRequest: c.lastRequest, number: c.number)
        }
        guard let victim = ControlEviction.victim(among: candidates) else { return false }
        let reply = ControlReply.failure("closed to make room for a new client: at most \(settings.maxClients) at once")
        _ = UnixSocket.send(victim, Array(reply.line.utf8))
        drop(victim, "evicted for a new client", priority: .notice)
        return clients.count < settings.maxClients
    }

    private func serve(_ fd: Int32, now: Instant, _ respond: (ControlRequest) -> ControlReply) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<ControlServer.readsPerWakeUp {
            let n = read(fd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            if n <= 0 {
                // End of input: a last line without its newline still counts.
                if let last = clients[fd]?.buffer, !last.isEmpty, !answer(fd, last, now: now, respond) { return }
                drop(fd, n == 0 ? "closed by the client" : "read: \(errnoText(errno))")
                return
            }
            clients[fd]?.buffer += chunk[0..<n]
            guard answerLines(fd, now: now, respond) else { return }
        }
    }

    /// Answers every complete line in the client's buffer; false when the client was
    /// dropped (too long a request, or it stopped reading replies).
    private func answerLines(_ fd: Int32, now: Instant, _ respond: (ControlRequest) -> ControlReply) -> Bool {
        while let c = clients[fd] {
            guard let newline = c.buffer.firstIndex(of: 0x0A) else {
                if c.buffer.count > settings.maxRequestBytes { return tooLong(fd) }
                return true
            }
            let line = Array(c.buffer[..<newline])
            clients[fd]?.buffer.removeSubrange(...newline)
            guard answer(fd, line, now: now, respond) else { return false }
        }
        return false
    }

    /// Answers one request line; false when the client was dropped.
    private func answer(_ fd: Int32, _ raw: [UInt8], now: Instant, _ respond: (ControlRequest) -> ControlReply) -> Bool {
        var line = raw
        if line.last == 0x0D { line.removeLast() }
        if line.count > settings.maxRequestBytes { return tooLong(fd) }
        // Blank lines (a client's keep-alive, a stray Enter) get no reply and do not
        // count as activity.
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }
        clients[fd]?.lastRequest = now
        let number = clients[fd]?.number ?? 0
        let reply: ControlReply
        switch ControlRequest.parse(bytes: line) {
        case let .success(request):
            var r = respond(request)
            if r.id == nil { r.id = request.id }
            reply = r
            log(.debug, "control: client \(number): \(request.command.name)\(r.ok ? "" : ": " + (r.error ?? ""))")
        case let .failure(error):
            reply = .failure(error)
            log(.notice, "control: client \(number): bad request: \(error.message)")
        }
        guard UnixSocket.send(fd, Array(reply.line.utf8)) else {
            drop(fd, "not reading its replies")
            return false
        }
        return true
    }

    private func tooLong(_ fd: Int32) -> Bool {
        let limit = settings.maxRequestBytes
        _ = UnixSocket.send(fd, Array(ControlReply.failure("request over \(limit) bytes: connection closed").line.utf8))
        drop(fd, "request over \(limit) bytes")
        return false
    }

    private func drop(_ fd: Int32, _ why: String, priority: LogPriority = .info) {
        guard let c = clients.removeValue(forKey: fd) else { return }
        Glibc.close(fd)
        log(priority, "control: client \(c.number) disconnected (\(c.peer)): \(why)")
    }

    // MARK: - The socket file

    /// mkdir -p of the socket's directory (mode 0755: the socket's own mode decides
    /// who may connect).
    private static func makeDirectory(containing path: String) throws(HardwareError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        var prefix = ""
        for part in path[..<slash].split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                let e = errno
                throw HardwareError("control socket \(path): mkdir \(prefix): \(errnoText(e))", errno: e)
            }
        }
    }

    /// Removes a socket left by a process that died; refuses when one answers there or
    /// when the path is not a socket at all.
    private static func removeStale(_ path: String, log: Log) throws(HardwareError) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        guard st.st_mode & S_IFMT == S_IFSOCK else {
            throw HardwareError("control socket \(path): exists and is not a socket (move it away or set another path)",
                                errno: EEXIST)
        }
        let answered: Bool
        do {
            let fd = try UnixSocket.connect(path: path, timeout: .seconds(1))
            Glibc.close(fd)
            answered = true
        } catch {
            guard error.errno == ECONNREFUSED else {
                throw HardwareError("control socket \(path): \(error.message)", errno: error.errno)
            }
            answered = false
        }
        if answered {
            throw HardwareError("control socket \(path): a torch service is already running (it answers there)",
                                errno: EADDRINUSE)
        }
        guard unlink(path) == 0 else {
            let e = errno
            throw HardwareError("control socket \(path): removing the stale socket: \(errnoText(e))", errno: e)
        }
        log(.notice, "control socket \(path): removed a stale socket (nothing answered)")
    }

    private static func setGroup(_ path: String, _ group: String, log: Log) {
        guard let entry = getgrnam(group) else {
            log(.warning, "control socket \(path): group '\(group)' does not exist; keeping group \(getegid()) (only that group may connect)")
            return
        }
        let gid = entry.pointee.gr_gid
        if chown(path, uid_t.max, gid) != 0 {
            let e = errno
            log(.warning, "control socket \(path): chgrp \(group): \(errnoText(e)); keeping group \(getegid())")
        }
    }
}
