/// What one `receive` got.
public enum StreamRead: Equatable, Sendable {
    case bytes([UInt8])
    /// Nothing waiting (would block).
    case nothing
    /// The peer closed the connection.
    case closed
}

/// A non-blocking byte stream to a server, driven by the service's poll loop: plain TCP
/// (`TCPConnection`) or TLS over it (`TLSConnection`). Poll `fd` for reading always and
/// for writing while `wantsWrite`; nothing here blocks except `closeGracefully`.
public protocol ByteStream: AnyObject {
    /// The socket; -1 once closed.
    var fd: Int32 { get }
    /// True once bytes can be sent and received (for TLS: after the handshake).
    var isConnected: Bool { get }
    /// True while the connect (or handshake) waits for POLLOUT or bytes wait to be written.
    var wantsWrite: Bool { get }
    /// Bytes the stream holds already read from the socket (TLS decrypts a record at a
    /// time): poll(2) does not see them, so read again before waiting.
    var hasBufferedInput: Bool { get }
    /// After POLLIN or POLLOUT while connecting: true once connected; false while still in
    /// progress. Throws one line when the connection cannot be made.
    func finishConnect() throws(HardwareError) -> Bool
    /// Queues `bytes` and writes what the socket takes now.
    func send(_ bytes: [UInt8]) throws(HardwareError)
    /// Writes queued bytes until the socket would block.
    func flush() throws(HardwareError)
    /// Reads what is waiting, at most `limit` bytes.
    func receive(limit: Int) throws(HardwareError) -> StreamRead
    /// Closes at once (idempotent).
    func close()
    /// Sends what is queued and ends the stream cleanly, at most `timeout` in all.
    func closeGracefully(timeout: Duration)
}

extension ByteStream {
    /// Reads what is waiting, at most 64 KiB.
    public func receive() throws(HardwareError) -> StreamRead { try receive(limit: 65_536) }
}

/// Starting a stream the way the configuration says.
public enum StreamConnect {
    /// Starts connecting to the first of `addresses` (already resolved): TLS verified for
    /// `host` when `tls` is given, plain TCP when not.
    public static func start(_ addresses: [SocketAddress], host: String, tls: TLSContext?) throws(HardwareError) -> any ByteStream {
        if let tls { return try TLSConnection(addresses: addresses, host: host, context: tls) }
        return try TCPConnection(addresses: addresses)
    }
}
