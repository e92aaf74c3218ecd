import Testing
import TorchCore

/// The packet codec: every packet type round-trips, the remaining-length varint at its
/// edges, reads split at any byte or merged, and each breach of the protocol is an error.
@Suite struct MQTTCodecTests {
    static let will = MQTTMessage(topic: "torch/a/availability", text: "offline", qos: .atLeastOnce, retain: true)
    static let all: [MQTTPacket] = [
        .connect(MQTTConnect(clientID: "torch-a", keepalive: 30, cleanSession: true, will: will,
                             username: "u", password: [0, 1, 255])),
        .connect(MQTTConnect(clientID: "", keepalive: 0, cleanSession: false)),
        .connack(sessionPresent: true, returnCode: 0),
        .connack(sessionPresent: false, returnCode: 5),
        .publish(MQTTMessage(topic: "torch/a/state", text: "{\"state\":\"ON\"}", qos: .atMostOnce, retain: true), packetID: nil, dup: false),
        .publish(MQTTMessage(topic: "a/é", payload: [], qos: .atLeastOnce), packetID: 7, dup: true),
        .publish(MQTTMessage(topic: "x", payload: Array(repeating: 0x41, count: 300), qos: .exactlyOnce), packetID: 65535, dup: false),
        .puback(1), .pubrec(2), .pubrel(3), .pubcomp(4),
        .subscribe(packetID: 9, [MQTTSubscription("torch/a/set", qos: .atLeastOnce), MQTTSubscription("homeassistant/#", qos: .atMostOnce)]),
        .suback(packetID: 9, [1, 0, 0x80]),
        .unsubscribe(packetID: 10, ["a", "b/+"]),
        .unsuback(10), .pingreq, .pingresp, .disconnect,
    ]

    @Test func everyPacketTypeRoundTrips() throws {
        #expect(Set(Self.all.map(\.name)).count == 14)
        for p in Self.all {
            var d = MQTTDecoder()
            d.append(try MQTTEncoder.encode(p))
            #expect(try d.next() == p)
            #expect(try d.next() == nil)
        }
    }

    @Test func knownBytes() throws {
        #expect(try MQTTEncoder.encode(.pingreq) == [0xC0, 0x00])
        #expect(try MQTTEncoder.encode(.disconnect) == [0xE0, 0x00])
        #expect(try MQTTEncoder.encode(.puback(0x1234)) == [0x40, 0x02, 0x12, 0x34])
        #expect(try MQTTEncoder.encode(.subscribe(packetID: 1, [MQTTSubscription("a", qos: .atLeastOnce)]))
                == [0x82, 0x06, 0x00, 0x01, 0x00, 0x01, 0x61, 0x01])
        // CONNECT: "MQTT", level 4, flags (user, password, will retain, will QoS 1, will, clean).
        let c = try MQTTEncoder.encode(.connect(MQTTConnect(clientID: "c", keepalive: 30, will: Self.will, username: "u", password: [0x70])))
        #expect(Array(c[2..<12]) == [0x00, 0x04, 0x4D, 0x51, 0x54, 0x54, 0x04, 0xEE, 0x00, 0x1E])
    }

    @Test func remainingLengthEdges() throws {
        let cases: [(Int, [UInt8])] = [(0, [0x00]), (127, [0x7F]), (128, [0x80, 0x01]), (16_383, [0xFF, 0x7F]),
                                       (16_384, [0x80, 0x80, 0x01]), (2_097_151, [0xFF, 0xFF, 0x7F]),
                                       (2_097_152, [0x80, 0x80, 0x80, 0x01]), (268_435_455, [0xFF, 0xFF, 0xFF, 0x7F])]
        for (n, bytes) in cases { #expect(MQTTEncoder.remainingLength(n) == bytes) }
        // A 16384-byte body decodes across the 3-byte boundary.
        let big = MQTTPacket.publish(MQTTMessage(topic: "t", payload: Array(repeating: 7, count: 16_384 - 3)), packetID: nil, dup: false)
        let bytes = try MQTTEncoder.encode(big)
        #expect(Array(bytes[1...3]) == [0x80, 0x80, 0x01])
        var d = MQTTDecoder()
        d.append(bytes)
        #expect(try d.next() == big)
    }

    @Test func splitAtEveryByteAndMerged() throws {
        let stream = try Self.all.flatMap { try MQTTEncoder.encode($0) }
        for cut in 0...stream.count {
            var d = MQTTDecoder()
            var got: [MQTTPacket] = []
            d.append(stream[..<cut])
            while let p = try d.next() { got.append(p) }
            d.append(stream[cut...])
            while let p = try d.next() { got.append(p) }
            #expect(got == Self.all, "cut at \(cut)")
        }
        // One byte at a time.
        var d = MQTTDecoder()
        var got: [MQTTPacket] = []
        for b in stream {
            d.append([b])
            while let p = try d.next() { got.append(p) }
        }
        #expect(got == Self.all)
        #expect(d.pendingCount == 0)
    }

    static func error(_ bytes: [UInt8], limit: Int = 65_536) -> String? {
        var d = MQTTDecoder(maxRemainingLength: limit)
        d.append(bytes)
        do {
            while try d.next() != nil {}
            return nil
        } catch {
            return error.message
        }
    }

    @Test func malformedInputIsAnError() {
        #expect(Self.error([0x30, 0x80, 0x80, 0x80, 0x80, 0x01]) == "remaining length longer than 4 bytes")
        // Only a PUBLISH over the limit is skipped (MQTTSkipTests); any other is an error.
        #expect(Self.error([0x90, 0xFF, 0xFF, 0xFF, 0x7F]) == "remaining length 268435455 exceeds the limit of 65536 bytes")
        #expect(Self.error([0xB0, 0x05], limit: 4) == "remaining length 5 exceeds the limit of 4 bytes")
        #expect(Self.error([0xF0, 0x00]) == "packet type 15 (1…14 exist)")
        #expect(Self.error([0x00, 0x00]) == "packet type 0 (1…14 exist)")
        #expect(Self.error([0x62, 0x02, 0x00, 0x01]) == nil)            // PUBREL has flags 0010
        #expect(Self.error([0x60, 0x02, 0x00, 0x01]) == "packet type 6: reserved flags 0 (must be 2)")
        #expect(Self.error([0x36, 0x05, 0x00, 0x01, 0x61, 0x00, 0x01]) == "PUBLISH: QoS 3")
        #expect(Self.error([0x38, 0x03, 0x00, 0x01, 0x61]) == "PUBLISH: DUP set on a QoS 0 message")
        #expect(Self.error([0x30, 0x03, 0x00, 0x01, 0x23]) == "PUBLISH: topic name '#' (not empty, no wildcards)")
        #expect(Self.error([0x30, 0x04, 0x00, 0x02, 0xC3, 0x28]) == "topic: not well-formed UTF-8")
        #expect(Self.error([0x30, 0x04, 0x00, 0x02, 0x61, 0x00]) == "topic: not well-formed UTF-8")
        #expect(Self.error([0x32, 0x03, 0x00, 0x01, 0x61]) == "the packet ends before its packet identifier")
        #expect(Self.error([0x32, 0x05, 0x00, 0x01, 0x61, 0x00, 0x00]) == "packet identifier 0 (1…65535)")
        #expect(Self.error([0x20, 0x02, 0x02, 0x00]) == "CONNACK: reserved acknowledge flags 2")
        #expect(Self.error([0x20, 0x03, 0x00, 0x00, 0x00]) == "CONNACK: 1 bytes after its last field")
        #expect(Self.error([0x90, 0x03, 0x00, 0x01, 0x03]) == "SUBACK: return codes [3] (each 0, 1, 2 or 128)")
        #expect(Self.error([0xD0, 0x01, 0x00]) == "PINGRESP: 1 bytes after its last field")
    }

    @Test func anErrorSticks() {
        var d = MQTTDecoder()
        d.append([0xF0, 0x00, 0xC0, 0x00])
        #expect(throws: MQTTProtocolError.self) { try d.next() }
        #expect(throws: MQTTProtocolError.self) { try d.next() }
    }

    @Test func encoderRefusesWhatCannotBeWritten() {
        #expect(throws: MQTTProtocolError.self) {
            try MQTTEncoder.encode(.publish(MQTTMessage(topic: "t", payload: [], qos: .atLeastOnce), packetID: nil, dup: false))
        }
        #expect(throws: MQTTProtocolError.self) {
            try MQTTEncoder.encode(.publish(MQTTMessage(topic: String(repeating: "a", count: 65_536), payload: []), packetID: nil, dup: false))
        }
        #expect(throws: MQTTProtocolError.self) { try MQTTEncoder.encode(.subscribe(packetID: 1, [])) }
    }
}
