import TorchCore
import TorchHardware

/// The HTTP/1.1 side of the web page, on the service's own poll loop: no thread, never
/// blocking. It accepts connections, reads requests with `HTTPRequestParser`, hands
/// each to `handle` (the routes: `WebAPI`), writes the reply, keeps connections alive,
/// and turns a connection into a Server-Sent Events stream when asked.
///
/// Limits (see `WebServerSettings`): a request that breaks a size limit gets 413, 414
/// or 431 and the connection closes; one that does not arrive whole within the request
/// timeout gets 408 (a slow client never holds the loop: it only costs a descriptor
/// until then); at the connection cap a newcomer still gets in: a connection chosen by
/// `ConnectionEviction` (the flooding host's, the longest idle) makes room, so held or
/// slow-loris connections never lock a phone out. Output a client does not read is kept
/// up to a bound, then the client is closed.
///
/// What it says about its connections (accepted, refused, timed out, evicted, closed, a
/// refused request) is bounded (`LogBurstLimit`): a burst line by line, then a count as
/// one line when the window ends, so a flood of connections (a slow-header attack opens
/// and loses hundreds a second) never floods the journal.
public final class WebServer {
    public typealias Log = (LogPriority, String) -> Void

    /// What `handle` decides for one request.
    public enum Action {
        case reply(HTTPResponse)
        /// Start an event stream (`text/event-stream`) for `client` (the page's id, or
        /// nil), sending `first` as its first event.
        case events(client: String?, first: String)
    }

    public let settings: WebServerSettings
    /// The phones and their sessions, shared with the routes (`WebAPI`).
    let pairing: WebPairing
    private let log: Log
    private let listener: FileDescriptor
    /// The connections, grouped by peer address for eviction; their activity is the last
    /// complete request or written event.
    private var connections: ConnectionTable<Connection>

    /// What the server keeps per connection.
    private struct Connection {
        var input: [UInt8] = []
        var output: [UInt8] = []
        /// When the request being read began (its first byte); nil between requests.
        var requestStarted: Instant?
        /// Since when output has been waiting (a client not reading).
        var blockedSince: Instant?
        /// When to try writing waiting output again.
        var retryAt: Instant?
        /// Close once the output is written.
        var closing = false
        /// An event stream: the page's id and when the next ping is due.
        var stream: (client: String?, nextPing: Instant)?
        /// The session cookie the stream was opened with, when a session let it in: a
        /// revoked phone's stream is closed at its next event or ping.
        var streamSession: String?
        /// Whether the peer may control without pairing, looked up at its first request.
        var mayControlUnpaired: Bool?
        /// A request on it carried a paired phone's session cookie (or its user may control
        /// unpaired): the owner's phone, which unpaired traffic never evicts.
        var isPaired = false
    }

    private static let readsPerWakeUp = 16

    /// The connections' log lines: 20 one by one per 10 s, then counted.
    private var connectionLines = LogBurstLimit()
    /// The instant of the turn being served: what the connections' lines are counted at.
    private var turn = Instant.zero

    /// Binds and listens on `settings.listen`. Throws when the address is taken or
    /// not this machine's.
    public init(settings: WebServerSettings, log: @escaping Log) throws(HardwareError) {
        self.settings = settings
        self.log = log
        connections = ConnectionTable(cap: settings.maxConnections)
        pairing = WebPairing(files: settings.tokenFiles, sessionCapacity: settings.maxSessions, log: log)
        listener = try TCPSocket.listen(settings.listen)
        log(.info, "web: serving http://\(settings.listen)/\(settings.pairingRequired ? " (pairing required: torch web-link)" : "")")
    }

    deinit { close() }

    public var pollDescriptors: [Int32] {
        guard listener.isOpen else { return [] }
        return [listener.rawValue] + connections.descriptors
    }

    /// The earliest timeout, ping or retry of waiting output, or the count of lines not
    /// logged; nil with nothing to do.
    public var nextDeadline: Instant? {
        var all: [Instant] = connectionLines.nextDeadline.map { [$0] } ?? []
        for (_, e) in connections.all {
            let c = e.state
            if let s = c.requestStarted { all.append(s + settings.requestTimeout) }
            if let s = c.stream { all.append(s.nextPing) } else { all.append(e.lastActivity + settings.idleTimeout) }
            // Output waiting for room: look again soon (the loop polls for input only).
            if let r = c.retryAt { all.append(r) }
        }
        return all.min()
    }

    public var connectionCount: Int { connections.count }
    /// The page ids with an open event stream.
    public var streamClients: [String] { connections.all.compactMap { $0.connection.state.stream?.client } }
    /// The port actually bound.
    public var port: UInt16? { listener.isOpen ? TCPSocket.boundPort(listener.rawValue) : nil }

    /// Accepts, reads and answers whatever is ready; returns the page ids whose event
    /// stream closed (for the dead-man rule).
    @discardableResult
    public func serve(ready: Set<Int32>, now: Instant, _ handle: (HTTPRequest, WebClient, Instant) -> Action) -> [String] {
        guard listener.isOpen else { return [] }
        turn = now
        var closedStreams: [String] = []
        // Reads before accepts: a connection accepted last turn is read before this
        // turn's newcomers can evict it (see `ConnectionEviction`).
        for fd in ready.sorted() where fd != listener.rawValue && connections[fd] != nil {
            if let gone = read(fd, now: now, handle) { closedStreams.append(gone) }
        }
        if ready.contains(listener.rawValue) { closedStreams += acceptSome(now: now) }
        return closedStreams
    }

    /// Timeouts, pings and waiting output; returns the page ids whose stream closed.
    @discardableResult
    public func expire(now: Instant) -> [String] {
        turn = now
        if let n = connectionLines.takeCounted(at: now) { logCounted(n) }
        var closed: [String] = []
        for (fd, e) in connections.all {
            let c = e.state
            if let s = c.requestStarted, now >= s + settings.requestTimeout {
                reply(fd, .text(.requestTimeout, "request not complete within \(DurationSyntax.format(settings.requestTimeout))"),
                      keepAlive: false, now: now)
                connections.update(fd) { $0.requestStarted = nil }
                logConnection(.notice, "web: client \(e.number) (\(e.peer)): request timeout")
            } else if c.stream == nil, c.input.isEmpty, c.output.isEmpty, now >= e.lastActivity + settings.idleTimeout {
                drop(fd, "idle")
                continue
            } else if let s = c.stream, now >= s.nextPing {
                if revoked(c) {
                    if let client = s.client { closed.append(client) }
                    drop(fd, "its phone was revoked", priority: .info)
                    continue
                }
                connections.update(fd) { $0.stream?.nextPing = now + settings.eventPing }
                write(fd, Array(": ping\n\n".utf8), now: now)
            }
            if let b = connections[fd]?.state.blockedSince, now >= b + settings.requestTimeout {
                if let client = connections[fd]?.state.stream?.client { closed.append(client) }
                drop(fd, "not reading for \(DurationSyntax.format(settings.requestTimeout))")
                continue
            }
            flush(fd, now: now)
            if connections[fd] == nil, let client = c.stream?.client { closed.append(client) }
        }
        return closed
    }

    /// Sends one event to every stream.
    public func broadcast(event: String, data: String, now: Instant) {
        turn = now
        let bytes = Array("event: \(event)\ndata: \(data)\n\n".utf8)
        for (fd, e) in connections.all where e.state.stream != nil {
            if revoked(e.state) {
                // Its press, if any, ends with the lease: the page's keep-alives are refused.
                drop(fd, "its phone was revoked", priority: .info)
                continue
            }
            write(fd, bytes, now: now)
        }
    }

    /// A stream let in by a session whose phone is no longer paired.
    private func revoked(_ c: Connection) -> Bool {
        guard let session = c.streamSession else { return false }
        return pairing.phone(session: session) == nil
    }

    public func close() {
        guard listener.isOpen else { return }
        if let n = connectionLines.takeCounted() { logCounted(n) }
        connections.removeAll()
        listener.close()
    }

    // MARK: - Connections

    /// Accepts at most half the cap per wake-up (the listener stays readable, so the
    /// rest come next turn, after the newly accepted ones were read); returns the page
    /// ids of event streams evicted to make room.
    private func acceptSome(now: Instant) -> [String] {
        var closedStreams: [String] = []
        for _ in 0..<max(1, settings.maxConnections / 2) {
            guard let (fd, peer) = TCPSocket.accept(listener) else { break }
            let room = makeRoom()
            if case .noSlot = room {
                var r = HTTPResponse.text(.serviceUnavailable, "no connections allowed (at most \(settings.maxConnections))")
                r.headers.append(HTTPField("Retry-After", "1"))
                _ = TCPSocket.sendSome(fd.rawValue, (r.bytes(keepAlive: false))[...])
                fd.close()
                logConnection(.warning, "web: refused \(peer): at most \(settings.maxConnections) connections")
                continue
            }
            if case let .evicted(.some(client)) = room { closedStreams.append(client) }
            let number = connections.add(fd, peer: peer, group: ConnectionEviction.host(ofPeer: peer), state: Connection(), at: now)
            logConnection(.debug, "web: client \(number) connected (\(peer))")
        }
        return closedStreams
    }

    /// Frees a slot when all are taken by closing the connection `ConnectionEviction`
    /// picks: a request being read gets 503 with `Retry-After: 1` first; an idle
    /// connection or a stream is just closed (a browser reopens it).
    private func makeRoom() -> Room {
        let room = connections.room(paired: \.isPaired, stream: { $0.stream != nil })
        guard case let .evict(victim) = room, let c = connections[victim]?.state else { return room == .free ? .free : .noSlot }
        if c.stream == nil, !c.input.isEmpty, c.output.isEmpty {
            var r = HTTPResponse.text(.serviceUnavailable, "closed to make room for a new connection: at most \(settings.maxConnections) at once")
            r.headers.append(HTTPField("Retry-After", "1"))
            _ = TCPSocket.sendSome(victim, (r.bytes(keepAlive: false))[...])
        }
        drop(victim, "evicted for a new connection", priority: .info)
        return .evicted(stream: c.stream?.client)
    }

    private enum Room {
        /// A slot was free.
        case free
        /// A connection was closed; an event stream's page id when it was one.
        case evicted(stream: String?)
        /// No slot at all (a cap of 0).
        case noSlot
    }

    /// Reads what is there and answers every whole request; the stream's page id when
    /// an event stream closed.
    private func read(_ fd: Int32, now: Instant, _ handle: (HTTPRequest, WebClient, Instant) -> Action) -> String? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<WebServer.readsPerWakeUp {
            guard let c = connections[fd]?.state else { return nil }
            switch UnixSocket.receive(fd, into: &chunk) {
            case .nothingYet:
                return nil
            case let .bytes(n):
                // An event stream's client has nothing more to say; what it sends is dropped.
                if c.stream != nil || c.closing { continue }
                connections.update(fd) {
                    if $0.input.isEmpty { $0.requestStarted = now }
                    $0.input += chunk[0..<n]
                }
                answer(fd, now: now, handle)
            case .end, .failed:
                let client = c.stream?.client
                drop(fd, c.stream != nil ? "event stream closed" : "closed by the client")
                return client
            }
        }
        return nil
    }

    /// A listener that needs no pairing gives control only to the users who could use
    /// the control socket themselves (`LoopbackPeer`): loopback is open to every local
    /// user, and must not be a way round the socket's group.
    private func peerMayControlUnpaired(_ fd: Int32) -> Bool {
        guard !settings.pairingRequired, let socket = settings.controlSocketPath else { return false }
        return LoopbackPeerLookup.peerMayUseControlSocket(connection: fd, controlSocket: socket)
    }

    private func answer(_ fd: Int32, now: Instant, _ handle: (HTTPRequest, WebClient, Instant) -> Action) {
        while let e = connections[fd], !e.state.closing, e.state.stream == nil, !e.state.input.isEmpty {
            let c = e.state
            switch HTTPRequestParser.parse(c.input, limits: settings.limits) {
            case .incomplete:
                return
            case let .failure(error):
                logConnection(.notice, "web: client \(e.number) (\(e.peer)): \(error)")
                reply(fd, .text(error.status, error.message), keepAlive: false, now: now)
                return
            case let .request(request, consumed):
                var updated = c
                updated.input.removeFirst(consumed)
                updated.requestStarted = updated.input.isEmpty ? nil : now
                connections.touch(fd, at: now)
                if updated.mayControlUnpaired == nil { updated.mayControlUnpaired = peerMayControlUnpaired(fd) }
                let session = WebAccess.cookie(WebAccess.cookieName, in: request.header("cookie"))
                let sessionPhone = pairing.phone(session: session)
                if updated.mayControlUnpaired == true || sessionPhone != nil {
                    updated.isPaired = true
                } else if session != nil {
                    // A session no longer valid (its phone revoked): no longer the owner's.
                    updated.isPaired = false
                }
                connections.update(fd) { $0 = updated }
                let client = WebClient(peer: e.peer, mayControlUnpaired: updated.mayControlUnpaired ?? false)
                switch handle(request, client, now) {
                case let .reply(response):
                    // Refusals only: a held switch renews itself 4 times a second.
                    if response.status.code >= 400 {
                        logConnection(.info, "web: client \(e.number) (\(e.peer)): \(request.method) \(request.path.prefix(80)) → \(response.status.code)")
                    }
                    reply(fd, response, keepAlive: request.keepAlive, head: request.method == "HEAD", now: now)
                case let .events(client, first):
                    var head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                    for f in WebAccess.securityHeaders { head += "\(f.name): \(f.value)\r\n" }
                    head += "\r\n"
                    connections.update(fd) {
                        $0.stream = (client, now + settings.eventPing)
                        if updated.mayControlUnpaired != true, sessionPhone != nil { $0.streamSession = session }
                        $0.input = []
                        $0.requestStarted = nil
                    }
                    // `retry`: the browser reconnects after 500 ms if the stream drops.
                    write(fd, Array((head + "retry: 500\n\n" + first).utf8), now: now)
                    logConnection(.debug, "web: client \(e.number): event stream\(client.map { " for page \($0)" } ?? "")")
                }
            }
        }
    }

    private func reply(_ fd: Int32, _ response: HTTPResponse, keepAlive: Bool, head: Bool = false, now: Instant) {
        var r = response
        for f in WebAccess.securityHeaders where r.header(f.name) == nil { r.headers.append(f) }
        if !keepAlive { connections.update(fd) { $0.closing = true } }
        write(fd, r.bytes(keepAlive: keepAlive, head: head), now: now)
    }

    /// Queues `bytes` and sends what the socket takes now.
    private func write(_ fd: Int32, _ bytes: [UInt8], now: Instant) {
        guard var c = connections[fd]?.state else { return }
        c.output += bytes
        connections.update(fd) { [c] in $0 = c }
        if c.output.count > settings.maxPendingBytes {
            drop(fd, "not reading (\(c.output.count) bytes waiting)")
            return
        }
        flush(fd, now: now)
    }

    private func flush(_ fd: Int32, now: Instant) {
        guard var c = connections[fd]?.state, !c.output.isEmpty || c.closing else { return }
        if !c.output.isEmpty {
            guard let n = TCPSocket.sendSome(fd, c.output[...]) else {
                drop(fd, "send failed")
                return
            }
            c.output.removeFirst(n)
            c.blockedSince = c.output.isEmpty ? nil : (c.blockedSince ?? now)
            c.retryAt = c.output.isEmpty ? nil : now + .milliseconds(20)
            connections.update(fd) { [c] in $0 = c }
        }
        if c.output.isEmpty && c.closing { drop(fd, "closed after the reply") }
    }

    private func drop(_ fd: Int32, _ why: String, priority: LogPriority = .debug) {
        guard let c = connections.remove(fd) else { return }
        logConnection(priority, "web: client \(c.number) (\(c.peer)) disconnected: \(why)")
    }

    /// A line about one connection, within the burst; counted beyond it.
    private func logConnection(_ priority: LogPriority, _ line: String) {
        if connectionLines.admit(at: turn) { log(priority, line) }
    }

    /// The count of the lines a flood left out, as one line.
    private func logCounted(_ n: Int) {
        log(.warning, "web: \(n) more connection line\(n == 1 ? "" : "s") not logged in \(DurationSyntax.format(connectionLines.window)) "
            + "(after \(connectionLines.burst) one by one): a flood of connections?")
    }
}
