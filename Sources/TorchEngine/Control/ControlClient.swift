import TorchCore
import TorchHardware

/// Why a request did not get a reply.
public enum ControlClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing listens at the path (ENOENT, ECONNREFUSED): the CLI drives the hardware
    /// itself instead.
    case noService(path: String)
    /// The socket is there but this user may not connect (EACCES): a service holds the
    /// light, so the CLI must not drive the hardware itself.
    case denied(path: String)
    /// A service may be there but the exchange failed (permission, timeout, a bad reply);
    /// one line that starts with the socket path, so callers print it as it is.
    case failed(String)

    /// True when there is no service to talk to.
    public var isNoService: Bool {
        if case .noService = self { return true }
        return false
    }

    /// What this failure at `path` means to `ControlSocketChoice`.
    public func probe(at path: String) -> ControlSocketChoice.Probe {
        switch self {
        case .noService: .nothingListening
        case .denied: .denied(group: UnixSocketFile.groupName(of: path))
        case let .failed(line): .failed(line)
        }
    }

    public var description: String {
        switch self {
        case let .noService(path): "no torch service at \(path)"
        case let .denied(path): "\(path): permission denied"
        case let .failed(message): message
        }
    }
}

/// The CLI's side of the control socket: one request, one reply, one connection.
public enum ControlClient {
    /// Sends `request` and waits for its reply line.
    ///
    /// - Parameter timeout: the connection, and then the exchange (send, reply), e.g. 5 s each.
    public static func send(_ request: ControlRequest, socketPath: String,
                            timeout: Duration = .seconds(5)) -> Result<ControlReply, ControlClientError> {
        switch ControlSession.open(socketPath: socketPath, timeout: timeout) {
        case let .failure(e): return .failure(e)
        case let .success(session):
            defer { session.close() }
            return session.send(request, timeout: timeout)
        }
    }
}

/// One connection to the control socket carrying several requests in turn (`torch
/// button` keeps it open while the virtual button is held: closing it releases).
public final class ControlSession {
    public let socketPath: String
    private let socket: FileDescriptor
    /// The socket's number; -1 once closed.
    private var fd: Int32 { socket.rawValue }
    /// Bytes read past the last reply's newline: the start of the next reply.
    private var pending: [UInt8] = []

    private init(socket: FileDescriptor, socketPath: String) {
        self.socket = socket
        self.socketPath = socketPath
    }

    deinit { close() }

    /// Connects within `timeout`.
    public static func open(socketPath: String, timeout: Duration = .seconds(5)) -> Result<ControlSession, ControlClientError> {
        do {
            return .success(ControlSession(socket: try UnixSocket.connect(path: socketPath, timeout: timeout), socketPath: socketPath))
        } catch {
            if UnixSocket.isNothingListening(error) { return .failure(.noService(path: socketPath)) }
            if UnixSocket.isPermissionDenied(error) { return .failure(.denied(path: socketPath)) }
            if UnixSocket.isTimeout(error) { return .failure(.failed("\(socketPath): the torch service did not accept within \(DurationSyntax.format(timeout))")) }
            return .failure(.failed(error.message))
        }
    }

    /// Closes the connection. Idempotent.
    public func close() {
        socket.close()
    }

    /// Sends `request` and waits for its reply line, within `timeout`. The request
    /// carries that deadline (unless it has its own): a service that reads it later,
    /// once this client has given up, does not carry it out.
    public func send(_ request: ControlRequest, timeout: Duration = .seconds(5)) -> Result<ControlReply, ControlClientError> {
        guard fd >= 0 else { return .failure(.failed("\(socketPath): the connection is closed")) }
        let clock = MonotonicClock()
        let deadline = clock.now() + timeout
        var request = request
        request.deadline = request.deadline ?? ControlRequest.toMilliseconds(deadline)
        // A request the server refuses before reading it all (over its size limit) gets
        // a reply and then a close, so the rest of the send fails (EPIPE, ECONNRESET);
        // the reply is waiting in the receive queue all the same, so read it.
        var sendFailure: Int32? = nil
        switch UnixSocket.sendAll(fd, Array(request.line.utf8)) {
        case .sent: break
        case let .peerClosed(e): sendFailure = e
        case let .failed(e): return .failure(.failed("\(socketPath): send: \(errnoText(e))"))
        }
        var received = pending
        pending = []
        var readFailure: String? = nil
        var chunk = [UInt8](repeating: 0, count: 4096)
        reading: while !received.contains(0x0A) {
            let left = deadline - clock.now()
            guard left > .zero else {
                return .failure(.failed("\(socketPath): no reply within \(DurationSyntax.format(timeout))"))
            }
            do {
                guard try UnixSocket.waitReadable(fd, timeout: left) else { continue }
            } catch {
                readFailure = error.message
                break reading
            }
            switch UnixSocket.receive(fd, into: &chunk) {
            case let .bytes(n): received += chunk[0..<n]
            case .nothingYet: continue
            case .end: break reading
            case let .failed(e):
                readFailure = "read: \(errnoText(e))"
                break reading
            }
            if received.count > 65536 { return .failure(.failed("\(socketPath): reply over 64 KiB")) }
        }
        guard let newline = received.firstIndex(of: 0x0A) else {
            if let e = sendFailure { return .failure(.failed("\(socketPath): send: \(errnoText(e))")) }
            if let r = readFailure { return .failure(.failed("\(socketPath): \(r)")) }
            return .failure(.failed("\(socketPath): the service closed the connection without a reply"))
        }
        pending = Array(received[(newline + 1)...])
        do {
            return .success(try ControlReply.parse(String(decoding: received[..<newline], as: UTF8.self)))
        } catch {
            return .failure(.failed("\(socketPath): \(error.message)"))
        }
    }
}
