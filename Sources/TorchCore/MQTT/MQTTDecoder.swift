/// Reads MQTT 3.1.1 packets from a byte stream that arrives in pieces: split anywhere,
/// or several packets in one read. Feed bytes with `append`, take packets with `next`.
/// Any breach of the protocol throws `MQTTProtocolError`; the stream is then unusable
/// (the connection must be closed) and every later `next` throws the same error.
///
/// A PUBLISH longer than the limit is not a breach (a broker forwards what any client
/// sent, up to its own limit, and delivers it again at every connect when retained): its
/// topic and packet identifier are read, the rest is thrown away as it arrives without
/// being buffered, and it is reported by `takeSkipped()`. The stream goes on.
public struct MQTTDecoder: Sendable {
    /// The largest remaining length accepted (bytes). A packet announcing more is an
    /// error at once, before its body arrives (a PUBLISH is skipped instead): a peer
    /// cannot make torch buffer it.
    public let maxRemainingLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var failure: MQTTProtocolError?
    /// Bytes of a skipped PUBLISH still to be thrown away as they arrive.
    public private(set) var skipRemaining = 0
    private var skipped: [MQTTSkippedPublish] = []

    /// - Parameter maxRemainingLength: 1…268435455 bytes; 64 KiB by default (torch's
    ///   commands are a few hundred bytes).
    public init(maxRemainingLength: Int = 65_536) {
        self.maxRemainingLength = min(max(maxRemainingLength, 1), MQTTEncoder.maxRemainingLength)
    }

    /// Bytes buffered but not yet taken as packets.
    public var pendingCount: Int { buffer.count - start }

    public mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        // The body of a skipped PUBLISH never reaches the buffer.
        let drop = pendingCount == 0 ? min(skipRemaining, bytes.count) : 0
        skipRemaining -= drop
        buffer.append(contentsOf: bytes.dropFirst(drop))
    }

    /// The PUBLISHes skipped since the last call (over the limit), oldest first.
    public mutating func takeSkipped() -> [MQTTSkippedPublish] {
        defer { skipped.removeAll() }
        return skipped
    }

    /// The next whole packet, or nil until more bytes arrive.
    public mutating func next() throws(MQTTProtocolError) -> MQTTPacket? {
        if let failure { throw failure }
        do {
            while true {
                if skipRemaining > 0 {
                    let n = min(skipRemaining, pendingCount)
                    start += n
                    skipRemaining -= n
                    guard skipRemaining == 0 else { compact(); return nil }
                }
                guard let s = try Self.oversizedPublish(buffer[start...], limit: maxRemainingLength) else { break }
                guard let (publish, used, rest) = s else { return nil }
                skipped.append(publish)
                start += used
                skipRemaining = rest
            }
            guard let (packet, used) = try Self.parse(buffer[start...], limit: maxRemainingLength) else { return nil }
            start += used
            if start > 4096 && start * 2 > buffer.count {
                buffer.removeFirst(start)
                start = 0
            }
            return packet
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
    }

    /// The biggest topic read from a skipped PUBLISH (the topic field itself is buffered).
    static let maxSkippedTopic = 1024

    /// For a PUBLISH over `limit` at the front of `bytes`: nil when the front is not one
    /// (or its header is not complete: `parse` then waits too); `.some(nil)` while its
    /// topic and packet identifier have not all arrived; else what it is, the bytes read
    /// (header, topic, identifier) and the body bytes left to throw away.
    static func oversizedPublish(_ bytes: ArraySlice<UInt8>, limit: Int) throws(MQTTProtocolError)
        -> (MQTTSkippedPublish, Int, Int)?? {
        guard let first = bytes.first, first >> 4 == 3 else { return nil }
        var length = 0
        var multiplier = 1
        var index = bytes.startIndex + 1
        while true {
            guard index < bytes.endIndex, index - bytes.startIndex <= 4 else { return nil }
            let b = bytes[index]
            index += 1
            length += Int(b & 0x7F) * multiplier
            if b & 0x80 == 0 { break }
            multiplier *= 128
        }
        guard length > limit else { return nil }
        guard let qos = MQTTQoS(rawValue: (first >> 1) & 3) else { throw MQTTProtocolError("PUBLISH: QoS 3") }
        guard bytes.endIndex - index >= 2 else { return .some(nil) }
        let topicLength = Int(bytes[index]) << 8 | Int(bytes[index + 1])
        let fields = 2 + topicLength + (qos == .atMostOnce ? 0 : 2)
        guard topicLength <= maxSkippedTopic, fields <= length else {
            throw MQTTProtocolError("PUBLISH of \(length) bytes: a topic of \(topicLength) bytes")
        }
        guard bytes.endIndex - index >= fields else { return .some(nil) }
        // The same checks as a PUBLISH within the limit: a skipped one is acknowledged and
        // logged, so its topic and identifier must be what the protocol allows.
        let raw = Array(bytes[(index + 2) ..< (index + 2 + topicLength)])
        guard let topic = String(validating: raw, as: UTF8.self), !raw.contains(0) else {
            throw MQTTProtocolError("topic: not well-formed UTF-8")
        }
        guard !topic.isEmpty, !topic.contains("+"), !topic.contains("#") else {
            throw MQTTProtocolError("PUBLISH: topic name '\(topic)' (not empty, no wildcards)")
        }
        var id: UInt16? = nil
        if qos != .atMostOnce {
            let at = index + 2 + topicLength
            id = UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
            guard id != 0 else { throw MQTTProtocolError("packet identifier 0 (1…65535)") }
        }
        let used = index - bytes.startIndex + fields
        let publish = MQTTSkippedPublish(topic: topic, size: length, qos: qos, packetID: id, retain: first & 1 != 0)
        return .some((publish, used, length - fields))
    }

    /// One packet from the front of `bytes` and how many bytes it took; nil when the
    /// bytes end before the packet does.
    static func parse(_ bytes: ArraySlice<UInt8>, limit: Int) throws(MQTTProtocolError) -> (MQTTPacket, Int)? {
        guard let first = bytes.first else { return nil }
        var length = 0
        var multiplier = 1
        var index = bytes.startIndex + 1
        var lengthBytes = 0
        while true {
            guard index < bytes.endIndex else { return nil }
            let b = bytes[index]
            index += 1
            lengthBytes += 1
            length += Int(b & 0x7F) * multiplier
            if b & 0x80 == 0 { break }
            guard lengthBytes < 4 else { throw MQTTProtocolError("remaining length longer than 4 bytes") }
            multiplier *= 128
        }
        guard length <= limit else {
            throw MQTTProtocolError("remaining length \(length) exceeds the limit of \(limit) bytes")
        }
        guard bytes.endIndex - index >= length else { return nil }
        let packet = try Self.packet(first: first, body: Array(bytes[index ..< index + length]))
        return (packet, 1 + lengthBytes + length)
    }

    /// A packet from its first byte and its body (the remaining-length bytes).
    public static func packet(first: UInt8, body: [UInt8]) throws(MQTTProtocolError) -> MQTTPacket {
        var r = MQTTReader(body)
        let type = first >> 4
        let flags = first & 0x0F
        let fixedFlags: UInt8 = (type == 6 || type == 8 || type == 10) ? 2 : 0
        if type != 3 && flags != fixedFlags {
            throw MQTTProtocolError("packet type \(type): reserved flags \(flags) (must be \(fixedFlags))")
        }
        let packet: MQTTPacket
        switch type {
        case 1:
            guard try r.string("protocol name") == "MQTT" else { throw MQTTProtocolError("CONNECT: protocol name is not MQTT") }
            let level = try r.byte("protocol level")
            guard level == 4 else { throw MQTTProtocolError("CONNECT: protocol level \(level) (3.1.1 is 4)") }
            let f = try r.byte("connect flags")
            guard f & 1 == 0 else { throw MQTTProtocolError("CONNECT: reserved flag set") }
            let keepalive = try r.u16("keepalive")
            let clientID = try r.string("client identifier")
            var will: MQTTMessage? = nil
            let willQoS = (f >> 3) & 3
            if f & 0x04 != 0 {
                guard let q = MQTTQoS(rawValue: willQoS) else { throw MQTTProtocolError("CONNECT: will QoS 3") }
                let topic = try r.string("will topic")
                will = MQTTMessage(topic: topic, payload: try r.binary("will message"), qos: q, retain: f & 0x20 != 0)
            } else if f & 0x38 != 0 {
                throw MQTTProtocolError("CONNECT: will QoS or retain without a will")
            }
            if f & 0x40 != 0 && f & 0x80 == 0 { throw MQTTProtocolError("CONNECT: a password without a user name") }
            let user = f & 0x80 != 0 ? try r.string("user name") : nil
            let password = f & 0x40 != 0 ? try r.binary("password") : nil
            packet = .connect(MQTTConnect(clientID: clientID, keepalive: keepalive, cleanSession: f & 2 != 0,
                                          will: will, username: user, password: password))
        case 2:
            let ack = try r.byte("acknowledge flags")
            guard ack & 0xFE == 0 else { throw MQTTProtocolError("CONNACK: reserved acknowledge flags \(ack)") }
            packet = .connack(sessionPresent: ack == 1, returnCode: try r.byte("return code"))
        case 3:
            guard let qos = MQTTQoS(rawValue: (flags >> 1) & 3) else { throw MQTTProtocolError("PUBLISH: QoS 3") }
            let dup = flags & 0x08 != 0
            if qos == .atMostOnce && dup { throw MQTTProtocolError("PUBLISH: DUP set on a QoS 0 message") }
            let topic = try r.string("topic")
            guard !topic.isEmpty, !topic.contains("+"), !topic.contains("#") else {
                throw MQTTProtocolError("PUBLISH: topic name '\(topic)' (not empty, no wildcards)")
            }
            let id = qos == .atMostOnce ? nil : try r.packetID()
            packet = .publish(MQTTMessage(topic: topic, payload: r.rest(), qos: qos, retain: flags & 1 != 0), packetID: id, dup: dup)
        case 4: packet = .puback(try r.packetID())
        case 5: packet = .pubrec(try r.packetID())
        case 6: packet = .pubrel(try r.packetID())
        case 7: packet = .pubcomp(try r.packetID())
        case 8:
            let id = try r.packetID()
            var subs: [MQTTSubscription] = []
            repeat {
                let filter = try r.string("topic filter")
                let q = try r.byte("requested QoS")
                guard let qos = MQTTQoS(rawValue: q) else { throw MQTTProtocolError("SUBSCRIBE: requested QoS \(q)") }
                subs.append(MQTTSubscription(filter, qos: qos))
            } while !r.isAtEnd
            packet = .subscribe(packetID: id, subs)
        case 9:
            let id = try r.packetID()
            let codes = r.rest()
            guard !codes.isEmpty, codes.allSatisfy({ $0 <= 2 || $0 == 0x80 }) else {
                throw MQTTProtocolError("SUBACK: return codes \(codes) (each 0, 1, 2 or 128)")
            }
            packet = .suback(packetID: id, codes)
        case 10:
            let id = try r.packetID()
            var filters: [String] = []
            repeat { filters.append(try r.string("topic filter")) } while !r.isAtEnd
            packet = .unsubscribe(packetID: id, filters)
        case 11: packet = .unsuback(try r.packetID())
        case 12: packet = .pingreq
        case 13: packet = .pingresp
        case 14: packet = .disconnect
        default: throw MQTTProtocolError("packet type \(type) (1…14 exist)")
        }
        guard r.isAtEnd else { throw MQTTProtocolError("\(packet.name): \(r.remaining) bytes after its last field") }
        return packet
    }
}

/// Reads the fields of one packet body, each a bounded read that throws when the body
/// ends first.
struct MQTTReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }
    var remaining: Int { bytes.count - index }

    mutating func byte(_ what: String) throws(MQTTProtocolError) -> UInt8 {
        guard index < bytes.count else { throw MQTTProtocolError("the packet ends before its \(what)") }
        index += 1
        return bytes[index - 1]
    }

    mutating func u16(_ what: String) throws(MQTTProtocolError) -> UInt16 {
        let hi = try byte(what)
        let lo = try byte(what)
        return UInt16(hi) << 8 | UInt16(lo)
    }

    mutating func packetID() throws(MQTTProtocolError) -> UInt16 {
        let id = try u16("packet identifier")
        guard id != 0 else { throw MQTTProtocolError("packet identifier 0 (1…65535)") }
        return id
    }

    mutating func binary(_ what: String) throws(MQTTProtocolError) -> [UInt8] {
        let n = Int(try u16(what))
        guard remaining >= n else { throw MQTTProtocolError("the packet ends inside its \(what)") }
        index += n
        return Array(bytes[index - n ..< index])
    }

    /// A UTF-8 string field: well-formed UTF-8 with no U+0000 (section 1.5.3).
    mutating func string(_ what: String) throws(MQTTProtocolError) -> String {
        let raw = try binary(what)
        guard let s = String(validating: raw, as: UTF8.self), !raw.contains(0) else {
            throw MQTTProtocolError("\(what): not well-formed UTF-8")
        }
        return s
    }

    mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return Array(bytes[index...])
    }
}
