import TorchCore
import TorchHardware

/// The control socket of `torch run`: a Unix stream socket speaking one JSON object per
/// line (see docs/control-protocol.md), driven by the service's own ppoll loop. It never blocks:
/// the loop polls `pollDescriptors`, passes the readable ones to `handleReady`, and calls
/// `expire` when `nextDeadline` passes.
///
/// Bad input never stops the service: malformed JSON or an unknown command gets an
/// error reply and the connection stays; a request over the size limit or a connection
/// idle past the timeout gets an error reply and is closed. When every slot is taken, a
/// new client still gets in: the longest-idle connection makes room (`ConnectionTable`,
/// `ConnectionEviction`).
public final class ControlServer {
    public typealias Log = (LogPriority, String) -> Void

    public let settings: ControlServerSettings
    private let log: Log
    private let listener: FileDescriptor
    /// The clients, grouped by uid for eviction; their activity is the last complete,
    /// non-blank request (or when they connected), so dribbled bytes and keep-alive blank
    /// lines do not hold a slot.
    private var clients: ConnectionTable<Client>
    /// Numbers of the clients dropped since `takeDisconnected()` last ran.
    private var disconnected: [Int] = []

    /// What the server keeps per client: the bytes of a request not yet whole.
    private struct Client {
        var buffer: [UInt8] = []
    }

    /// Reads per client per wake-up (of 4 KiB each): a client that never stops sending
    /// gets its turn, then the loop serves everything else before reading it again.
    private static let readsPerWakeUp = 16

    /// With an inherited listener (socket activation), serves it as it is. Otherwise
    /// creates the directory if needed, removes a stale socket (one nothing answers on),
    /// binds, sets mode 0660 and the group, and listens.
    ///
    /// Throws when a service already answers on the path, when the path is something
    /// other than a socket, or when the socket cannot be made.
    public init(settings: ControlServerSettings, log: @escaping Log) throws(HardwareError) {
        self.settings = settings
        self.log = log
        clients = ConnectionTable(cap: settings.maxClients)
        let path = settings.path
        if let inherited = settings.inheritedListener {
            listener = FileDescriptor(owning: inherited)
            UnixSocket.setNonBlocking(inherited, true)
            log(.info, "control socket: listening on \(UnixSocket.boundPath(inherited) ?? path) (from systemd: socket activation)")
            return
        }
        let notice: String?
        do { notice = try UnixSocketFile.prepare(path, name: "control socket") } catch {
            throw UnixSocketFile.isAlreadyRunning(error) ? Self.alreadyRunning(at: path) : error
        }
        if let notice { log(.notice, notice) }
        listener = try UnixSocket.listen(path: path)
        for warning in UnixSocketFile.setAccess(path, name: "control socket", mode: 0o660, group: settings.group) {
            log(.warning, warning)
        }
        log(.info, "control socket: listening on \(path)")
    }

    deinit { close() }

    /// A service answers at `path`: the error names its pid, asked from its status (the
    /// listening socket may be systemd's, so its peer credentials would name pid 1).
    static func alreadyRunning(at path: String) -> HardwareError {
        var pid: Int32? = nil
        if case let .success(reply) = ControlClient.send(ControlRequest(.status), socketPath: path, timeout: .seconds(1)),
           let n = reply["pid"]?.numberValue, let p = Int32(exactly: n) {
            pid = p
        }
        return UnixSocketFile.alreadyRunning(path, name: "control socket", pid: pid)
    }

    /// The descriptors to poll for reading: the listener and every client.
    public var pollDescriptors: [Int32] {
        guard listener.isOpen else { return [] }
        return [listener.rawValue] + clients.descriptors
    }

    /// When the first idle connection times out; nil with no clients.
    public var nextDeadline: Instant? {
        clients.firstIdle(after: settings.idleTimeout)
    }

    /// How many clients are connected.
    public var clientCount: Int { clients.count }

    /// Accepts new clients and answers every complete request line on the readable
    /// descriptors; `respond` carries out one request (the reply's id is filled in from
    /// the request when `respond` leaves it empty).
    public func handleReady(_ fds: Set<Int32>, now: Instant, _ respond: (ControlRequest) -> ControlReply) {
        handleReady(fds, now: now) { request, _ in respond(request) }
    }

    /// As `handleReady(_:now:_:)`, telling `respond` which client asked (its connection
    /// number, as the log names it).
    public func handleReady(_ fds: Set<Int32>, now: Instant, _ respond: (ControlRequest, Int) -> ControlReply) {
        guard listener.isOpen else { return }
        if fds.contains(listener.rawValue) { acceptAll(now: now) }
        for fd in fds.sorted() where fd != listener.rawValue && clients[fd] != nil {
            serve(fd, now: now, respond)
        }
    }

    /// The clients dropped (closed, evicted, timed out, failed) since the last call, by
    /// number: a front end lets go of what they held.
    public func takeDisconnected() -> [Int] {
        defer { disconnected.removeAll() }
        return disconnected
    }

    /// Closes every connection with no complete request for the timeout or longer, with
    /// an error reply. Clients in `busy` (by number: holding a virtual button down) are
    /// not idle: their time counts afresh from `now`.
    public func expire(now: Instant, busy: Set<Int> = []) {
        for (fd, c) in clients.all where busy.contains(c.number) { clients.touch(fd, at: now) }
        for fd in clients.idle(for: settings.idleTimeout, at: now) {
            let timeout = DurationSyntax.format(settings.idleTimeout)
            _ = UnixSocket.send(fd, Array(ControlReply.failure("idle for \(timeout): connection closed").line.utf8))
            drop(fd, "idle for \(timeout)")
        }
    }

    /// Closes every connection and the listener, and removes the socket file.
    public func close() {
        guard listener.isOpen else { return }
        clients.removeAll()
        listener.close()
        // An inherited socket's file is systemd's: it keeps listening for the next start.
        if settings.inheritedListener == nil { UnixSocketFile.remove(settings.path) }
    }

    // MARK: - Connections

    private func acceptAll(now: Instant) {
        while let fd = UnixSocket.accept(listener) {
            let credentials = UnixSocket.peerCredentials(fd.rawValue)
            let peer = credentials.map { "uid \($0.uid), pid \($0.pid)" } ?? "peer unknown"
            guard makeRoom() else {
                let reply = ControlReply.failure("too many clients: at most \(settings.maxClients) at once; try again later")
                _ = UnixSocket.send(fd.rawValue, Array(reply.line.utf8))
                fd.close()
                log(.warning, "control: refused a client (\(peer)): \(settings.maxClients) already connected")
                continue
            }
            let group = credentials.map { "uid \($0.uid)" } ?? "peer unknown"
            let number = clients.add(fd, peer: peer, group: group, state: Client(), at: now)
            log(.info, "control: client \(number) connected (\(peer))")
        }
    }

    /// Frees a slot when all are taken by closing the connection `ConnectionEviction`
    /// picks; false only when there is no slot at all (`maxClients` 0).
    private func makeRoom() -> Bool {
        guard case let .evict(victim) = clients.room() else { return clients.room() == .free }
        let reply = ControlReply.failure("closed to make room for a new client: at most \(settings.maxClients) at once")
        _ = UnixSocket.send(victim, Array(reply.line.utf8))
        drop(victim, "evicted for a new client", priority: .notice)
        return clients.room() == .free
    }

    private func serve(_ fd: Int32, now: Instant, _ respond: (ControlRequest, Int) -> ControlReply) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<ControlServer.readsPerWakeUp {
            switch UnixSocket.receive(fd, into: &chunk) {
            case .nothingYet:
                return
            case let .bytes(n):
                clients.update(fd) { $0.buffer += chunk[0..<n] }
                guard answerLines(fd, now: now, respond) else { return }
            case .end:
                // End of input: a last line without its newline still counts.
                if let last = clients[fd]?.state.buffer, !last.isEmpty, !answer(fd, last, now: now, respond) { return }
                drop(fd, "closed by the client")
                return
            case let .failed(e):
                drop(fd, "read: \(errnoText(e))")
                return
            }
        }
    }

    /// Answers every complete line in the client's buffer; false when the client was
    /// dropped (too long a request, or it stopped reading replies).
    private func answerLines(_ fd: Int32, now: Instant, _ respond: (ControlRequest, Int) -> ControlReply) -> Bool {
        while let buffer = clients[fd]?.state.buffer {
            guard let newline = buffer.firstIndex(of: 0x0A) else {
                if buffer.count > settings.maxRequestBytes { return tooLong(fd) }
                return true
            }
            let line = Array(buffer[..<newline])
            clients.update(fd) { $0.buffer.removeSubrange(...newline) }
            guard answer(fd, line, now: now, respond) else { return false }
        }
        return false
    }

    /// Answers one request line; false when the client was dropped.
    private func answer(_ fd: Int32, _ raw: [UInt8], now: Instant, _ respond: (ControlRequest, Int) -> ControlReply) -> Bool {
        var line = raw
        if line.last == 0x0D { line.removeLast() }
        if line.count > settings.maxRequestBytes { return tooLong(fd) }
        // Blank lines (a client's keep-alive, a stray Enter) get no reply and do not
        // count as activity.
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }
        clients.touch(fd, at: now)
        let number = clients[fd]?.number ?? 0
        let reply: ControlReply
        switch ControlRequest.parse(bytes: line) {
        case let .success(request):
            var r = respond(request, number)
            if r.id == nil { r.id = request.id }
            reply = r
            log(.debug, "control: client \(number): \(request.name)\(r.ok ? "" : ": " + (r.error ?? ""))")
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
        guard let c = clients.remove(fd) else { return }
        disconnected.append(c.number)
        log(priority, "control: client \(c.number) disconnected (\(c.peer)): \(why)")
    }
}
