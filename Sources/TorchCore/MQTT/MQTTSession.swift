/// An MQTT 3.1.1 client session with no I/O: connection phases, CONNECT/CONNACK,
/// subscriptions, keepalive, QoS 0 and 1, reconnection with capped exponential backoff
/// and jitter. The adapter feeds it what happened on the socket (opened, bytes,
/// closed) and the time; it answers with `MQTTSessionAction`s and a `nextDeadline`.
///
/// Timing rules (section 3.1.2.10): a PINGREQ once the keepalive passed with nothing sent
/// or nothing received; the connection is declared dead after 1.5 × keepalive with
/// nothing received (the broker's own rule for clients). The same bound covers a TCP
/// connect and a CONNACK that never come.
public struct MQTTSession: Sendable {
    public enum Phase: Equatable, Sendable {
        /// Disconnected; the next attempt opens the transport at this instant.
        case waiting(until: Instant)
        /// The transport is being opened (TCP connect in progress).
        case opening
        /// CONNECT sent; only a CONNACK may come.
        case awaitingConnack
        case connected
        /// `disconnect` ran: nothing more happens.
        case stopped
    }

    public let settings: MQTTSessionSettings
    public private(set) var phase: Phase
    /// Failed attempts since the last connection that lasted a keepalive (the backoff's exponent).
    public private(set) var failures = 0
    /// QoS 1 messages sent and not yet acknowledged, oldest first, with their packet
    /// identifiers: resent with DUP after a reconnect.
    public private(set) var inflight: [(id: UInt16, message: MQTTMessage)] = []
    private var decoder: MQTTDecoder
    private var actions: [MQTTSessionAction] = []
    private var lastReceived: Instant
    private var lastSent: Instant
    private var lastPing: Instant
    private var connectedAt: Instant
    private var nextPacketID: UInt16 = 1
    private var random: SplitMix64

    /// - Parameters:
    ///   - seed: the jitter's random seed (the adapter mixes the clock and the pid, so
    ///     boards restarted together do not reconnect together).
    ///   - now: the first attempt is due at once.
    public init(settings: MQTTSessionSettings, seed: UInt64, at now: Instant) {
        self.settings = settings
        phase = .waiting(until: now)
        decoder = MQTTDecoder(maxRemainingLength: settings.maxPacketBytes)
        lastReceived = now
        lastSent = now
        lastPing = now
        connectedAt = now
        random = SplitMix64(seed: seed)
    }

    public var isConnected: Bool { phase == .connected }

    /// The actions since the last call, oldest first.
    public mutating func takeActions() -> [MQTTSessionAction] {
        defer { actions.removeAll(keepingCapacity: true) }
        return actions
    }

    /// When `advance(to:)` has work next: the reconnect, a ping, the dead-connection bound.
    public var nextDeadline: Instant? {
        switch phase {
        case let .waiting(until): return until
        case .opening, .awaitingConnack: return lastReceived + deadAfter
        case .connected: return min(lastReceived + deadAfter, pingDue)
        case .stopped: return nil
        }
    }

    // MARK: Inputs

    /// Runs the timers due by `now`.
    public mutating func advance(to now: Instant) {
        switch phase {
        case let .waiting(until) where now >= until:
            phase = .opening
            lastReceived = now
            actions.append(.open)
        case .opening, .awaitingConnack, .connected:
            if now >= lastReceived + deadAfter {
                fail("no packet from the broker for \(DurationSyntax.format(now - lastReceived)) (1.5 × keepalive \(DurationSyntax.format(settings.keepalive)))",
                     at: now, priority: .warning)
                return
            }
            if phase == .connected, now >= pingDue {
                lastPing = now
                send(.pingreq, at: now)
            }
        case .waiting, .stopped:
            break
        }
    }

    /// The transport is open: CONNECT goes out.
    public mutating func transportOpened(at now: Instant) {
        guard phase == .opening else { return }
        phase = .awaitingConnack
        decoder = MQTTDecoder(maxRemainingLength: settings.maxPacketBytes)
        lastReceived = now
        send(.connect(settings.connect), at: now)
    }

    /// The transport could not be opened, or closed, or failed: one log line and a
    /// reconnect after the backoff.
    public mutating func transportFailed(_ reason: String, at now: Instant) {
        guard phase != .stopped else { return }
        if case .waiting = phase { return }
        fail(reason, at: now, priority: .warning, closeTransport: false)
    }

    /// Bytes from the broker.
    public mutating func received(_ bytes: some Collection<UInt8>, at now: Instant) {
        guard phase == .awaitingConnack || phase == .connected else { return }
        decoder.append(bytes)
        while phase == .awaitingConnack || phase == .connected {
            let packet: MQTTPacket?
            do {
                packet = try decoder.next()
            } catch {
                fail("protocol error from the broker: \(error)", at: now, priority: .error)
                return
            }
            for s in decoder.takeSkipped() { skipped(s, at: now) }
            guard let packet else { return }
            lastReceived = now
            handle(packet, at: now)
        }
    }

    /// A PUBLISH over `maxPacketBytes` was thrown away unread: one log line with its topic
    /// and size, its acknowledgement (QoS 1), and the session goes on.
    private mutating func skipped(_ s: MQTTSkippedPublish, at now: Instant) {
        guard phase == .connected else {
            fail("protocol error from the broker: PUBLISH before CONNACK", at: now, priority: .error)
            return
        }
        if s.qos == .atLeastOnce, let id = s.packetID { send(.puback(id), at: now) }
        let topic = EchoedText.bounded(s.topic, limit: 80)
        actions.append(.log(.warning, "mqtt: \(topic): a message of \(s.size) bytes\(s.retain ? " (retained)" : "") is over the "
                            + "limit of \(decoder.maxRemainingLength) bytes; skipped unread, the connection goes on"))
    }

    /// Sends an application message; QoS 1 is kept until its PUBACK (and resent with DUP
    /// after a reconnect). False when not connected: nothing is queued (the adapter
    /// publishes the current state again on connect).
    @discardableResult
    public mutating func publish(_ message: MQTTMessage, at now: Instant) -> Bool {
        guard phase == .connected else { return false }
        guard message.qos != .exactlyOnce else {
            actions.append(.log(.error, "mqtt: QoS 2 is not supported; '\(message.topic)' not sent"))
            return false
        }
        var id: UInt16? = nil
        if message.qos == .atLeastOnce {
            if inflight.count >= settings.maxInflight {
                let dropped = inflight.removeFirst()
                actions.append(.log(.warning, "mqtt: \(settings.maxInflight) messages unacknowledged; '\(dropped.message.topic)' given up"))
            }
            let newID = takePacketID()
            id = newID
            inflight.append((newID, message))
        }
        send(.publish(message, packetID: id, dup: false), at: now)
        return true
    }

    /// A clean stop: DISCONNECT when connected (the broker discards the will), then the
    /// transport closes and the session stays stopped.
    public mutating func disconnect(at now: Instant) {
        switch phase {
        case .connected:
            send(.disconnect, at: now)
            actions.append(.close)
        case .opening, .awaitingConnack:
            actions.append(.close)
        case .waiting, .stopped:
            break
        }
        phase = .stopped
    }

    // MARK: Packets

    private mutating func handle(_ packet: MQTTPacket, at now: Instant) {
        if phase == .awaitingConnack {
            guard case let .connack(present, code) = packet else {
                fail("protocol error from the broker: \(packet.name) before CONNACK", at: now, priority: .error)
                return
            }
            guard code == 0 else {
                fail("the broker refused the connection: \(Self.refusal(code))", at: now, priority: .error)
                return
            }
            phase = .connected
            connectedAt = now
            lastPing = now
            if !settings.subscriptions.isEmpty {
                send(.subscribe(packetID: takePacketID(), settings.subscriptions), at: now)
            }
            for (id, m) in inflight { send(.publish(m, packetID: id, dup: true), at: now) }
            actions.append(.connected(sessionPresent: present))
            return
        }
        switch packet {
        case let .publish(m, id, _):
            switch m.qos {
            case .atMostOnce: break
            case .atLeastOnce: if let id { send(.puback(id), at: now) }
            case .exactlyOnce:
                fail("protocol error from the broker: a QoS 2 PUBLISH on '\(m.topic)' (torch subscribes with QoS 1 at most)",
                     at: now, priority: .error)
                return
            }
            actions.append(.message(m))
        case let .puback(id):
            inflight.removeAll { $0.id == id }
        case let .suback(_, codes):
            for (s, c) in zip(settings.subscriptions, codes) where c == 0x80 {
                actions.append(.log(.warning, "mqtt: the broker refused the subscription to '\(s.filter)'"))
            }
        case .pingresp, .unsuback:
            break
        case .connack, .connect, .subscribe, .unsubscribe, .pingreq, .disconnect, .pubrec, .pubrel, .pubcomp:
            fail("protocol error from the broker: unexpected \(packet.name)", at: now, priority: .error)
        }
    }

    /// The connection is over: one log line, the transport closed, the next attempt
    /// after the backoff.
    private mutating func fail(_ reason: String, at now: Instant, priority: LogPriority, closeTransport: Bool = true) {
        // The backoff starts again only after a connection that lasted a keepalive: a
        // broker that accepts and then drops at once is retried ever more slowly.
        if phase == .connected, now - connectedAt >= settings.keepalive { failures = 0 }
        failures += 1
        let delay = backoff(failures)
        actions.append(.log(priority, "mqtt: \(reason); reconnecting in \(DurationSyntax.format(delay))"))
        if closeTransport { actions.append(.close) }
        actions.append(.disconnected)
        phase = .waiting(until: now + delay)
    }

    /// The wait before attempt `n` (1…): the first wait doubled n − 1 times, capped,
    /// then a random point in its upper half ("equal jitter").
    mutating func backoff(_ n: Int) -> Duration {
        let first = max(settings.backoffFirst.nanoseconds, 1)
        let cap = max(settings.backoffCap.nanoseconds, first)
        var base = first
        for _ in 1 ..< max(n, 1) where base < cap { base = base > cap / 2 ? cap : base * 2 }
        base = min(base, cap)
        let half = base / 2
        return .nanoseconds(half + Int64(random.next() % UInt64(half + 1)))
    }

    private var deadAfter: Duration { .nanoseconds(settings.keepalive.nanoseconds / 2 * 3) }

    private var pingDue: Instant { max(min(lastSent, lastReceived), lastPing) + settings.keepalive }

    private mutating func send(_ packet: MQTTPacket, at now: Instant) {
        do {
            actions.append(.send(try MQTTEncoder.encode(packet)))
            lastSent = now
        } catch {
            actions.append(.log(.error, "mqtt: \(error); not sent"))
        }
    }

    private mutating func takePacketID() -> UInt16 {
        repeat {
            let id = nextPacketID
            nextPacketID = nextPacketID == .max ? 1 : nextPacketID + 1
            if !inflight.contains(where: { $0.id == id }) { return id }
        } while true
    }

    /// CONNACK return codes 1…5 (section 3.2.2.3).
    static func refusal(_ code: UInt8) -> String {
        switch code {
        case 1: "unacceptable protocol version (code 1)"
        case 2: "client identifier rejected (code 2)"
        case 3: "server unavailable (code 3)"
        case 4: "bad user name or password (code 4)"
        case 5: "not authorized (code 5)"
        default: "return code \(code) (not defined by MQTT 3.1.1)"
        }
    }
}

/// What the session asks the adapter to do, in order.
public enum MQTTSessionAction: Equatable, Sendable {
    /// Open the transport (resolve, connect); report `transportOpened` or `transportFailed`.
    case open
    /// Write these bytes.
    case send([UInt8])
    /// Close the transport (after writing what was sent before this).
    case close
    /// CONNACK accepted and the subscriptions sent: announce and publish the state.
    case connected(sessionPresent: Bool)
    /// The connection was lost or reset (after `close`).
    case disconnected
    /// A message from a subscription.
    case message(MQTTMessage)
    case log(LogPriority, String)
}

/// The session's settings: what CONNECT says, what to subscribe to, and the limits.
public struct MQTTSessionSettings: Equatable, Sendable {
    public var connect: MQTTConnect
    public var subscriptions: [MQTTSubscription]
    /// The keepalive (also in `connect`, in whole seconds).
    public var keepalive: Duration { .seconds(Int64(connect.keepalive)) }
    /// The first reconnect wait (before jitter); doubles per failure up to `backoffCap`.
    public var backoffFirst: Duration = .milliseconds(500)
    public var backoffCap: Duration = .seconds(30)
    /// Unacknowledged QoS 1 messages kept at most (the oldest is given up first).
    public var maxInflight = 64
    /// The largest packet accepted from the broker (remaining length, bytes).
    public var maxPacketBytes = 65_536

    public init(connect: MQTTConnect, subscriptions: [MQTTSubscription]) {
        self.connect = connect
        self.subscriptions = subscriptions
    }
}
