import CTorchSys
import TorchCore
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// Why a request did not get a reply.
public enum ControlClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing listens at the path (ENOENT, ECONNREFUSED): the CLI drives the hardware
    /// itself instead.
    case noService(path: String)
    /// A service may be there but the exchange failed (permission, timeout, a bad reply);
    /// one line that starts with the socket path, so callers print it as it is.
    case failed(String)

    /// True when there is no service to talk to.
    public var isNoService: Bool {
        if case .noService = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case let .noService(path): "no torch service at \(path)"
        case let .failed(message): message
        }
    }
}

/// The CLI's side of the control socket: one request, one reply, one connection.
public enum ControlClient {
    /// Sends `request` and waits for its reply line.
    ///
    /// - Parameter timeout: the whole exchange (connect, send, reply), e.g. 5 s.
    public static func send(_ request: ControlRequest, socketPath: String,
                            timeout: Duration = .seconds(5)) -> Result<ControlReply, ControlClientError> {
        let clock = MonotonicClock()
        let deadline = clock.now() + timeout
        let fd: Int32
        do {
            fd = try UnixSocket.connect(path: socketPath, timeout: timeout)
        } catch {
            if error.errno == ENOENT || error.errno == ECONNREFUSED { return .failure(.noService(path: socketPath)) }
            if error.errno == EAGAIN { return .failure(.failed("\(socketPath): the torch service did not accept within \(DurationSyntax.format(timeout))")) }
            return .failure(.failed(error.message))
        }
        defer { close(fd) }
        // A request the server refuses before reading it all (over its size limit) gets
        // a reply and then a close, so the rest of the send fails (EPIPE, ECONNRESET);
        // the reply is waiting in the receive queue all the same, so read it.
        let sent = UnixSocket.send(fd, Array(request.line.utf8))
        let sendError = sent ? 0 : errno
        guard sent || sendError == EPIPE || sendError == ECONNRESET else {
            return .failure(.failed("\(socketPath): send: \(errnoText(sendError))"))
        }
        var received: [UInt8] = []
        var readError: Int32 = 0
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !received.contains(0x0A) {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = deadline.nanoseconds - clock.now().nanoseconds
            guard left > 0 else {
                return .failure(.failed("\(socketPath): no reply within \(DurationSyntax.format(timeout))"))
            }
            let rc = ctorch_poll_ns(&pfd, 1, left)
            if rc < 0 && errno == EINTR { continue }
            if rc < 0 { readError = errno; break }
            guard rc > 0 else { continue }
            let n = read(fd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { readError = errno }
            if n <= 0 { break }
            received += chunk[0..<n]
            if received.count > 65536 { return .failure(.failed("\(socketPath): reply over 64 KiB")) }
        }
        guard let newline = received.firstIndex(of: 0x0A) else {
            if !sent { return .failure(.failed("\(socketPath): send: \(errnoText(sendError))")) }
            if readError != 0 { return .failure(.failed("\(socketPath): read: \(errnoText(readError))")) }
            return .failure(.failed("\(socketPath): the service closed the connection without a reply"))
        }
        do {
            return .success(try ControlReply.parse(String(decoding: received[..<newline], as: UTF8.self)))
        } catch {
            return .failure(.failed("\(socketPath): \(error.message)"))
        }
    }
}
