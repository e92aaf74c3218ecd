import TorchCore
import TorchHardware

/// A broker's end of an MQTT connection, in memory: the front end's stream (`stream`,
/// given through `MQTTFrontEnd`'s `connect`) takes what the test queues and keeps what
/// the front end sends. Its descriptor is a number no real one has: the embedded
/// service's scripted waits make it ready.
public final class ScriptedBroker {
    /// The stream's descriptor, for `ScriptedWaits.ready`.
    public static let descriptor: Int32 = .max - 1

    public let stream = Stream()

    public init() {}

    /// The packet arrives at the front end with its next read.
    public func queue(_ packet: MQTTPacket) throws(MQTTProtocolError) {
        stream.incoming += try MQTTEncoder.encode(packet)
    }

    /// Opens the stream, as `MQTTFrontEnd.Connect`.
    public func connect(_: [SocketAddress], _: String, _: TLSContext?) throws(HardwareError) -> any ByteStream { stream }

    /// The front end's side: connected once `finishConnect` is called (at the first
    /// readiness), as a non-blocking connect is.
    public final class Stream: ByteStream {
        public var fd: Int32 { ScriptedBroker.descriptor }
        public private(set) var isConnected = false
        public var wantsWrite: Bool { !isConnected }
        /// As a plain socket: what is queued is read when the descriptor is ready.
        public var hasBufferedInput: Bool { false }
        /// Bytes the front end has still to read.
        var incoming: [UInt8] = []
        /// Every byte the front end sent.
        public private(set) var sent: [UInt8] = []

        public func finishConnect() throws(HardwareError) -> Bool {
            isConnected = true
            return true
        }

        public func send(_ bytes: [UInt8]) throws(HardwareError) { sent += bytes }
        public func flush() throws(HardwareError) {}

        public func receive(limit: Int) throws(HardwareError) -> StreamRead {
            guard !incoming.isEmpty else { return .nothing }
            let n = min(limit, incoming.count)
            defer { incoming.removeFirst(n) }
            return .bytes(Array(incoming.prefix(n)))
        }

        public func close() {}
        public func closeGracefully(timeout: Duration) {}
    }
}

/// A resolver that answers at once with the given addresses (a broker by address).
public final class ScriptedResolver: HostResolving {
    private let addresses: [SocketAddress]
    private var answer: Result<[SocketAddress], HardwareError>?
    public private(set) var starts = 0

    public init(_ addresses: [SocketAddress]) { self.addresses = addresses }

    public func start(host: String, port: Int) {
        starts += 1
        answer = .success(addresses)
    }

    public func take() -> Result<[SocketAddress], HardwareError>? {
        defer { answer = nil }
        return answer
    }

    public var isPending: Bool { answer != nil }
    public var readyDescriptor: Int32 { -1 }
}
