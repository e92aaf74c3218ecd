import Testing
import TorchCore

/// An oversized PUBLISH is skipped, not fatal: its topic and size are reported, its body
/// is thrown away as it arrives (never buffered), and the next packet decodes.
@Suite struct MQTTSkipTests {
    /// A PUBLISH of `size` body bytes on `topic` (QoS 1 with `id` when given), encoded by
    /// hand: the encoder itself refuses nothing this size, but the test must not depend on it.
    static func publish(_ topic: String, body size: Int, id: UInt16? = nil, retain: Bool = false) -> [UInt8] {
        let t = Array(topic.utf8)
        var fields: [UInt8] = [UInt8(t.count >> 8), UInt8(t.count & 0xFF)] + t
        if let id { fields += [UInt8(id >> 8), UInt8(id & 0xFF)] }
        let length = fields.count + size
        var header: [UInt8] = [0x30 | (id == nil ? 0 : 0x02) | (retain ? 1 : 0)]
        var n = length
        repeat {
            var b = UInt8(n % 128)
            n /= 128
            if n > 0 { b |= 0x80 }
            header.append(b)
        } while n > 0
        return header + fields + [UInt8](repeating: 0x41, count: size)
    }

    @Test func anOversizedPublishIsSkippedAndTheNextPacketDecodes() throws {
        var d = MQTTDecoder(maxRemainingLength: 1000)
        let big = Self.publish("torch/all", body: 70_000, id: 7, retain: true)
        d.append(big + [0xD0, 0x00])   // then PINGRESP
        #expect(try d.next() == .pingresp)
        #expect(d.takeSkipped() == [MQTTSkippedPublish(topic: "torch/all", size: 70_000 + 13, qos: .atLeastOnce, packetID: 7, retain: true)])
        #expect(d.pendingCount == 0)
    }

    @Test func theBodyIsNeverBufferedWhateverTheSplit() throws {
        var d = MQTTDecoder(maxRemainingLength: 1000)
        let big = Self.publish("torch/x/set", body: 70_000)
        var most = 0
        // 4 KiB reads, as the front end reads the socket.
        for chunk in stride(from: 0, to: big.count, by: 4096) {
            d.append(big[chunk ..< min(chunk + 4096, big.count)])
            #expect(try d.next() == nil)
            most = max(most, d.pendingCount)
        }
        #expect(most <= 4096)
        #expect(d.skipRemaining == 0 && d.takeSkipped().map(\.topic) == ["torch/x/set"])
        d.append([0xD0, 0x00])
        #expect(try d.next() == .pingresp)
    }

    @Test func aSkippedPublishIsCheckedAsAnyOther() {
        // Found by the mqtt fuzz target: QoS 1, an empty topic and packet identifier 0.
        #expect(MQTTCodecTests.error([0x32, 0xE4, 0xFF, 0xEB, 0x00, 0x00, 0x00, 0x00, 0x00, 0x69])
            == "PUBLISH: topic name '' (not empty, no wildcards)")
        #expect(MQTTCodecTests.error(Self.publish("t", body: 70_000, id: 0), limit: 1000) == "packet identifier 0 (1…65535)")
        #expect(MQTTCodecTests.error(Self.publish("a/#", body: 70_000), limit: 1000)
            == "PUBLISH: topic name 'a/#' (not empty, no wildcards)")
    }

    @Test func aSessionAcknowledgesLogsAndStaysConnected() throws {
        let settings = MQTTSessionSettings(connect: MQTTConnect(clientID: "t", keepalive: 30),
                                           subscriptions: [MQTTSubscription("torch/all", qos: .atLeastOnce)])
        var s = MQTTSession(settings: settings, seed: 1, at: .zero)
        s.advance(to: .zero)
        s.transportOpened(at: .zero)
        s.received([0x20, 0x02, 0x00, 0x00], at: .zero)
        _ = s.takeActions()
        let small = try MQTTEncoder.encode(.publish(MQTTMessage(topic: "torch/all", text: "{}"), packetID: nil, dup: false))
        s.received(Self.publish("torch/all", body: 70_000, id: 9, retain: true) + small, at: .zero)
        let actions = s.takeActions()
        #expect(s.isConnected)
        let logs = actions.compactMap { if case let .log(_, l) = $0 { l } else { nil } }
        #expect(logs == ["mqtt: torch/all: a message of 70013 bytes (retained) is over the limit of 65536 bytes; skipped unread, the connection goes on"])
        var sent = MQTTDecoder()
        for case let .send(b) in actions { sent.append(b) }
        #expect(try sent.next() == .puback(9))
        #expect(actions.contains { if case let .message(m) = $0 { m.text == "{}" } else { false } })
    }
}
