import CTorchSys
import CTorchTLS
import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// TLS over a `TCPConnection`, for the service's poll loop: the TCP connect, then the
/// handshake one step per readiness (the broker's certificate verified for `host`), then
/// records read and written without blocking. What OpenSSL has decrypted but not yet
/// handed out is `hasBufferedInput`: poll(2) cannot see it.
public final class TLSConnection: ByteStream {
    private let tcp: TCPConnection
    private let context: TLSContext
    private let host: String
    private var tls: OpaquePointer?
    /// The handshake is done: records may flow.
    public private(set) var isConnected = false
    /// The last handshake step, or a read, needs the socket writable.
    private var needsWritable = false
    /// Bytes queued and not yet taken by OpenSSL.
    private var outbox: [UInt8] = []

    /// Starts connecting to the first of `addresses` (already resolved); the handshake
    /// follows when the socket is connected.
    public init(addresses: [SocketAddress], host: String, context: TLSContext, maxOutbox: Int = 1 << 20) throws(HardwareError) {
        tcp = try TCPConnection(addresses: addresses, maxOutbox: maxOutbox)
        self.context = context
        self.host = host
    }

    deinit { close() }

    public var fd: Int32 { tcp.fd }
    public var hasBufferedInput: Bool { tls.map { ctorch_tls_pending($0) > 0 } ?? false }

    public var wantsWrite: Bool {
        guard tcp.fd >= 0 else { return false }
        if !tcp.isConnected { return true }
        return needsWritable || (isConnected && !outbox.isEmpty)
    }

    public func finishConnect() throws(HardwareError) -> Bool {
        if isConnected { return true }
        if !tcp.isConnected {
            guard try tcp.finishConnect() else { return false }
        }
        var err = [CChar](repeating: 0, count: 512)
        if tls == nil {
            guard let t = ctorch_tls_new(context.raw, tcp.fd, host, &err, err.count) else { throw fail(err) }
            tls = t
        }
        guard let t = tls else { return false }
        switch ctorch_tls_handshake(t, &err, err.count) {
        case Int32(CTORCH_TLS_DONE):
            isConnected = true
            needsWritable = false
            try flush()
            return true
        case Int32(CTORCH_TLS_WANT_READ):
            needsWritable = false
            return false
        case Int32(CTORCH_TLS_WANT_WRITE):
            needsWritable = true
            return false
        default:
            throw fail(err)
        }
    }

    public func send(_ bytes: [UInt8]) throws(HardwareError) {
        guard tcp.fd >= 0 else { throw HardwareError("connection closed") }
        outbox += bytes
        guard outbox.count <= tcp.maxOutbox else {
            throw HardwareError("\(tcp.peer): \(outbox.count) bytes wait to be sent (the peer is not reading)")
        }
        if isConnected { try flush() }
    }

    public func flush() throws(HardwareError) {
        guard isConnected, let t = tls else { return }
        var done = 0
        defer { outbox.removeFirst(done) }
        var err = [CChar](repeating: 0, count: 512)
        while done < outbox.count {
            var status: Int32 = 0
            let chunk = Int32(clamping: outbox.count - done)
            let n = outbox.withUnsafeBytes { ctorch_tls_write(t, $0.baseAddress.map { $0 + done }, chunk, &status, &err, err.count) }
            if n > 0 { done += Int(n); continue }
            switch status {
            case Int32(CTORCH_TLS_WANT_WRITE): needsWritable = true; return
            case Int32(CTORCH_TLS_WANT_READ): return
            case Int32(CTORCH_TLS_CLOSED): throw HardwareError("\(tcp.peer): the broker ended the TLS session")
            default: throw fail(err)
            }
        }
        needsWritable = false
    }

    public func receive(limit: Int) throws(HardwareError) -> StreamRead {
        guard tcp.fd >= 0 else { return .closed }
        guard isConnected, let t = tls else { return .nothing }
        var buffer = [UInt8](repeating: 0, count: max(1, min(limit, Int(Int32.max))))
        var status: Int32 = 0
        var err = [CChar](repeating: 0, count: 512)
        let count = Int32(buffer.count)
        let n = buffer.withUnsafeMutableBytes { ctorch_tls_read(t, $0.baseAddress, count, &status, &err, err.count) }
        if n > 0 { return .bytes(Array(buffer[0..<Int(n)])) }
        switch status {
        case Int32(CTORCH_TLS_WANT_READ): return .nothing
        // TLS 1.3 may answer a record (a key update) before more can be read.
        case Int32(CTORCH_TLS_WANT_WRITE): needsWritable = true; return .nothing
        case Int32(CTORCH_TLS_CLOSED): return .closed
        default: throw fail(err)
        }
    }

    public func close() {
        if let t = tls { ctorch_tls_free(t) }
        tls = nil
        isConnected = false
        outbox.removeAll()
        tcp.close()
    }

    /// The queued records, the close_notify alert, then TCP's own clean end.
    public func closeGracefully(timeout: Duration) {
        let end = MonotonicClock().now() + timeout
        func left() -> Int64 { (end - MonotonicClock().now()).nanoseconds }
        while isConnected, !outbox.isEmpty, left() > 0 {
            var pfd = pollfd(fd: tcp.fd, events: Int16(POLLOUT), revents: 0)
            if ctorch_poll_ns(&pfd, 1, left()) <= 0 { break }
            do { try flush() } catch { break }
        }
        if isConnected, let t = tls { ctorch_tls_shutdown(t) }
        if let t = tls { ctorch_tls_free(t) }
        tls = nil
        isConnected = false
        outbox.removeAll()
        tcp.closeGracefully(timeout: .nanoseconds(max(0, left())))
    }

    private func fail(_ err: [CChar]) -> HardwareError {
        var text = TLSContext.text(err)
        if text.isEmpty { text = "TLS failed" }
        if text.hasPrefix("the broker's certificate") { text += " (host \(host), trusting \(context.trusted))" }
        if text.includes("alert certificate required") { text += " (the broker wants a client certificate: set [mqtt] cert-file and key-file)" }
        return HardwareError("\(tcp.peer): \(text)")
    }
}
