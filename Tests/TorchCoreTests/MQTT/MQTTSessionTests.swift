import Testing
@testable import TorchCore

/// The session on a manual clock: CONNECT/CONNACK, subscriptions, keepalive, the dead
/// connection, backoff with jitter, QoS 1 with DUP after a reconnect, protocol errors.
@Suite struct MQTTSessionTests {
    static let t0 = Instant(nanoseconds: 1_000_000_000)
    static let settings: MQTTSessionSettings = {
        var s = MQTTSessionSettings(
            connect: MQTTConnect(clientID: "torch-a", keepalive: 10,
                                 will: MQTTMessage(topic: "a/availability", text: "offline", qos: .atLeastOnce, retain: true)),
            subscriptions: [MQTTSubscription("a/set", qos: .atLeastOnce)])
        s.backoffFirst = .milliseconds(500)
        s.backoffCap = .seconds(30)
        return s
    }()

    /// The packets among the actions (decoded), and the other actions.
    static func packets(_ actions: [MQTTSessionAction]) throws -> [MQTTPacket] {
        var d = MQTTDecoder()
        for case let .send(b) in actions { d.append(b) }
        var out: [MQTTPacket] = []
        while let p = try d.next() { out.append(p) }
        return out
    }

    static func bytes(_ p: MQTTPacket) -> [UInt8] { (try? MQTTEncoder.encode(p)) ?? [] }

    /// A session connected at `t0` (its CONNECT and SUBSCRIBE taken).
    static func connected() -> MQTTSession {
        var s = MQTTSession(settings: settings, seed: 1, at: t0)
        s.advance(to: t0)
        s.transportOpened(at: t0)
        s.received(bytes(.connack(sessionPresent: false, returnCode: 0)), at: t0)
        _ = s.takeActions()
        return s
    }

    @Test func connectsAndSubscribes() throws {
        var s = MQTTSession(settings: Self.settings, seed: 1, at: Self.t0)
        #expect(s.nextDeadline == Self.t0)
        s.advance(to: Self.t0)
        #expect(s.takeActions() == [.open])
        s.transportOpened(at: Self.t0)
        #expect(try Self.packets(s.takeActions()) == [.connect(Self.settings.connect)])
        s.received(Self.bytes(.connack(sessionPresent: false, returnCode: 0)), at: Self.t0)
        let a = s.takeActions()
        #expect(try Self.packets(a) == [.subscribe(packetID: 1, Self.settings.subscriptions)])
        #expect(a.last == .connected(sessionPresent: false))
        #expect(s.isConnected)
    }

    @Test func pingsAtTheKeepaliveAndDeclaresDeadAfterOneAndAHalf() throws {
        var s = Self.connected()
        #expect(s.nextDeadline == Self.t0 + .seconds(10))
        s.advance(to: Self.t0 + .seconds(10))
        #expect(try Self.packets(s.takeActions()) == [.pingreq])
        // No PINGRESP: dead at 15 s after the last packet received.
        #expect(s.nextDeadline == Self.t0 + .seconds(15))
        s.advance(to: Self.t0 + .milliseconds(14_999))
        #expect(s.takeActions().isEmpty)
        s.advance(to: Self.t0 + .seconds(15))
        let a = s.takeActions()
        #expect(a.contains(.close) && a.contains(.disconnected))
        guard case let .log(_, line) = a.first else { Issue.record("no log line"); return }
        #expect(line.hasPrefix("mqtt: no packet from the broker for 15s (1.5 × keepalive 10s); reconnecting in "))
    }

    @Test func trafficBothWaysKeepsItAlive() throws {
        var s = Self.connected()
        for i in 1...10 {
            let t = Self.t0 + .seconds(Int64(i * 9))
            s.advance(to: t)
            _ = s.takeActions()
            s.received(Self.bytes(.pingresp), at: t)
        }
        #expect(s.isConnected)
        // Only sending (QoS 0) is not enough: with nothing received, a ping goes out.
        var q = Self.connected()
        q.publish(MQTTMessage(topic: "a/state", text: "x"), at: Self.t0 + .seconds(9))
        q.advance(to: Self.t0 + .seconds(10))
        #expect(try Self.packets(q.takeActions()).last == .pingreq)
    }

    @Test func backoffDoublesWithJitterUpToTheCap() {
        var s = MQTTSession(settings: Self.settings, seed: 42, at: Self.t0)
        var previousBase: Int64 = 0
        for n in 1...12 {
            let base = min(Int64(500_000_000) << (n - 1), 30_000_000_000)
            let d = s.backoff(n).nanoseconds  // mutates the jitter's generator
            #expect(d >= base / 2 && d <= base, "attempt \(n): \(d)")
            #expect(base >= previousBase)
            previousBase = base
        }
        // Two boards with different seeds do not wait the same.
        var a = MQTTSession(settings: Self.settings, seed: 1, at: Self.t0)
        var b = MQTTSession(settings: Self.settings, seed: 2, at: Self.t0)
        let (da, db) = (a.backoff(3), b.backoff(3))
        #expect(da != db)
    }

    @Test func refusedConnectionIsRetriedLater() throws {
        var s = MQTTSession(settings: Self.settings, seed: 1, at: Self.t0)
        s.advance(to: Self.t0)
        s.transportOpened(at: Self.t0)
        _ = s.takeActions()
        s.received(Self.bytes(.connack(sessionPresent: false, returnCode: 4)), at: Self.t0)
        let a = s.takeActions()
        #expect(a.contains(.close))
        #expect(a.contains { if case let .log(.error, l) = $0 { l.contains("bad user name or password (code 4)") } else { false } })
        guard case let .waiting(until) = s.phase else { Issue.record("not waiting"); return }
        #expect(until > Self.t0 && until <= Self.t0 + .milliseconds(500))
        s.advance(to: until)
        #expect(s.takeActions() == [.open])
    }

    @Test func packetBeforeConnackResets() {
        var s = MQTTSession(settings: Self.settings, seed: 1, at: Self.t0)
        s.advance(to: Self.t0)
        s.transportOpened(at: Self.t0)
        _ = s.takeActions()
        s.received(Self.bytes(.publish(MQTTMessage(topic: "a/set", text: "{}"), packetID: nil, dup: false)), at: Self.t0)
        let a = s.takeActions()
        #expect(!a.contains { if case .message = $0 { true } else { false } })
        #expect(a.contains(.close))
        #expect(!s.isConnected)
    }

    @Test func qos1IsAcknowledgedAndDelivered() throws {
        var s = Self.connected()
        let m = MQTTMessage(topic: "a/set", text: "{\"state\":\"ON\"}", qos: .atLeastOnce)
        s.received(Self.bytes(.publish(m, packetID: 77, dup: false)), at: Self.t0)
        let a = s.takeActions()
        #expect(try Self.packets(a) == [.puback(77)])
        #expect(a.contains(.message(m)))
    }

    @Test func qos2FromTheBrokerResets() {
        var s = Self.connected()
        s.received(Self.bytes(.publish(MQTTMessage(topic: "a/set", text: "x", qos: .exactlyOnce), packetID: 3, dup: false)), at: Self.t0)
        #expect(s.takeActions().contains(.close))
    }

    @Test func unacknowledgedQoS1IsResentWithDupAfterAReconnect() throws {
        var s = Self.connected()
        let m1 = MQTTMessage(topic: "a/state", text: "1", qos: .atLeastOnce, retain: true)
        let m2 = MQTTMessage(topic: "a/state", text: "2", qos: .atLeastOnce, retain: true)
        let sent1 = s.publish(m1, at: Self.t0)
        let sent2 = s.publish(m2, at: Self.t0)
        #expect(sent1 && sent2)
        let sent = try Self.packets(s.takeActions())
        guard case let .publish(_, id1?, false) = sent[0], case let .publish(_, id2?, false) = sent[1] else {
            Issue.record("not two QoS 1 publishes: \(sent)"); return
        }
        s.received(Self.bytes(.puback(id1)), at: Self.t0)
        #expect(s.inflight.map(\.id) == [id2])
        // The connection drops; nothing is sent while away.
        s.transportFailed("reset", at: Self.t0)
        let whileAway = s.publish(m1, at: Self.t0)
        #expect(!whileAway)
        guard case let .waiting(until) = s.phase else { Issue.record("not waiting"); return }
        s.advance(to: until)
        s.transportOpened(at: until)
        _ = s.takeActions()
        s.received(Self.bytes(.connack(sessionPresent: false, returnCode: 0)), at: until)
        let again = try Self.packets(s.takeActions())
        #expect(again.contains(.publish(m2, packetID: id2, dup: true)))
        #expect(!again.contains { if case let .publish(m, _, _) = $0 { m == m1 } else { false } })
    }

    @Test func packetIdentifiersWrapAndSkipThoseInFlight() throws {
        var s = Self.connected()
        var ids: Set<UInt16> = []
        for i in 0..<70_000 {
            s.publish(MQTTMessage(topic: "t", text: "\(i)", qos: .atLeastOnce), at: Self.t0)
            for case let .publish(_, id?, _) in try Self.packets(s.takeActions()) {
                #expect(id != 0)
                s.received(Self.bytes(.puback(id)), at: Self.t0)
                ids.insert(id)
            }
            _ = s.takeActions()
        }
        #expect(ids.count == 65_535)
        #expect(s.inflight.isEmpty)
    }

    @Test func inflightIsBounded() {
        var s = Self.connected()
        for i in 0..<(Self.settings.maxInflight + 5) {
            s.publish(MQTTMessage(topic: "t", text: "\(i)", qos: .atLeastOnce), at: Self.t0)
        }
        #expect(s.inflight.count == Self.settings.maxInflight)
        #expect(s.inflight.first?.message.text == "5")
    }

    @Test func cleanDisconnect() throws {
        var s = Self.connected()
        s.disconnect(at: Self.t0)
        let a = s.takeActions()
        #expect(try Self.packets(a) == [.disconnect])
        #expect(a.last == .close)
        #expect(s.phase == .stopped && s.nextDeadline == nil)
        s.advance(to: Self.t0 + .seconds(100))
        #expect(s.takeActions().isEmpty)
    }

    @Test func theBackoffRestartsAfterALastingConnection() {
        var s = Self.connected()
        s.received(Self.bytes(.connack(sessionPresent: false, returnCode: 0)), at: Self.t0)  // a second CONNACK
        #expect(s.failures == 1)
        guard case let .waiting(u) = s.phase else { return }
        s.advance(to: u); s.transportOpened(at: u)
        s.received(Self.bytes(.connack(sessionPresent: false, returnCode: 0)), at: u)
        // Dropped at once again: the count goes on.
        s.transportFailed("reset", at: u)
        #expect(s.failures == 2)
        guard case let .waiting(v) = s.phase else { return }
        s.advance(to: v); s.transportOpened(at: v)
        s.received(Self.bytes(.connack(sessionPresent: false, returnCode: 0)), at: v)
        // Up for a keepalive: the count starts again.
        s.received(Self.bytes(.pingresp), at: v + .seconds(10))
        s.transportFailed("reset", at: v + .seconds(10))
        #expect(s.failures == 1)
    }
}
