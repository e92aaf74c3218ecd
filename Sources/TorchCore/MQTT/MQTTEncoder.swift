/// Writes packets as MQTT 3.1.1 bytes (section 2 fixed header, section 3 per type).
/// Strings longer than 65535 UTF-8 bytes cannot be written: `encode` throws for them.
public enum MQTTEncoder {
    /// The largest remaining length four varint bytes can carry (section 2.2.3).
    public static let maxRemainingLength = 268_435_455

    public static func encode(_ packet: MQTTPacket) throws(MQTTProtocolError) -> [UInt8] {
        var body: [UInt8] = []
        let first: UInt8
        switch packet {
        case let .connect(c):
            try string("MQTT", into: &body)
            body.append(4)  // protocol level 4 = 3.1.1
            var flags: UInt8 = c.cleanSession ? 0x02 : 0
            if let w = c.will {
                flags |= 0x04 | (w.qos.rawValue << 3) | (w.retain ? 0x20 : 0)
            }
            if c.password != nil { flags |= 0x40 }
            if c.username != nil { flags |= 0x80 }
            body.append(flags)
            u16(c.keepalive, into: &body)
            try string(c.clientID, into: &body)
            if let w = c.will {
                try string(w.topic, into: &body)
                try bytes(w.payload, into: &body)
            }
            if let u = c.username { try string(u, into: &body) }
            if let p = c.password { try bytes(p, into: &body) }
            first = 0x10
        case let .connack(present, code):
            body = [present ? 1 : 0, code]
            first = 0x20
        case let .publish(m, id, dup):
            guard (m.qos == .atMostOnce) == (id == nil) else {
                throw MQTTProtocolError("PUBLISH: a packet identifier goes with QoS 1 and 2 only")
            }
            try string(m.topic, into: &body)
            if let id { u16(id, into: &body) }
            body += m.payload
            first = 0x30 | (dup ? 0x08 : 0) | (m.qos.rawValue << 1) | (m.retain ? 1 : 0)
        case let .puback(id): u16(id, into: &body); first = 0x40
        case let .pubrec(id): u16(id, into: &body); first = 0x50
        case let .pubrel(id): u16(id, into: &body); first = 0x62
        case let .pubcomp(id): u16(id, into: &body); first = 0x70
        case let .subscribe(id, subs):
            guard !subs.isEmpty else { throw MQTTProtocolError("SUBSCRIBE: no topic filter") }
            u16(id, into: &body)
            for s in subs {
                try string(s.filter, into: &body)
                body.append(s.qos.rawValue)
            }
            first = 0x82
        case let .suback(id, codes):
            u16(id, into: &body)
            body += codes
            first = 0x90
        case let .unsubscribe(id, filters):
            guard !filters.isEmpty else { throw MQTTProtocolError("UNSUBSCRIBE: no topic filter") }
            u16(id, into: &body)
            for f in filters { try string(f, into: &body) }
            first = 0xA2
        case let .unsuback(id): u16(id, into: &body); first = 0xB0
        case .pingreq: first = 0xC0
        case .pingresp: first = 0xD0
        case .disconnect: first = 0xE0
        }
        guard body.count <= maxRemainingLength else {
            throw MQTTProtocolError("\(packet.name): \(body.count) bytes exceed the largest packet (\(maxRemainingLength))")
        }
        return [first] + remainingLength(body.count) + body
    }

    /// The remaining-length varint: 7 bits a byte, least significant first, the top bit
    /// saying another byte follows; 1…4 bytes.
    public static func remainingLength(_ n: Int) -> [UInt8] {
        var out: [UInt8] = []
        var x = n
        repeat {
            var b = UInt8(x & 0x7F)
            x >>= 7
            if x > 0 { b |= 0x80 }
            out.append(b)
        } while x > 0
        return out
    }

    static func u16(_ v: UInt16, into out: inout [UInt8]) {
        out.append(UInt8(v >> 8))
        out.append(UInt8(v & 0xFF))
    }

    static func string(_ s: String, into out: inout [UInt8]) throws(MQTTProtocolError) {
        try bytes(Array(s.utf8), into: &out)
    }

    static func bytes(_ b: [UInt8], into out: inout [UInt8]) throws(MQTTProtocolError) {
        guard b.count <= Int(UInt16.max) else {
            throw MQTTProtocolError("a string or binary field of \(b.count) bytes (at most 65535)")
        }
        u16(UInt16(b.count), into: &out)
        out += b
    }
}
