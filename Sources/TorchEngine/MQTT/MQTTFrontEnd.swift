import TorchCore
import TorchHardware

/// MQTT and Home Assistant as a front end on the service's poll loop: one non-blocking
/// TCP connection (TLS over it for `mqtts://`) driven by `MQTTSession`. Nothing here waits: the broker's name is
/// resolved on a thread of its own (`HostResolving`) and the addresses handed back to
/// the loop, so a resolver that never answers delays only the MQTT connection.
///
/// In: Home Assistant's JSON light commands on `<base>/set`, group commands (with
/// `"at"`) on the group topic, Home Assistant's `online` (re-announce). Out: the state,
/// retained, at every change whatever made it; availability; discovery; one message per
/// button gesture.
public final class MQTTFrontEnd: CountsRequests {
    public let settings: MQTTFrontEndSettings
    public private(set) var session: MQTTSession
    private var connection: (any ByteStream)?
    /// The TLS context for `mqtts://` (nil: plain TCP).
    private let tls: TLSContext?
    private let resolver: any HostResolving
    /// A connect attempt waits for the resolver's answer.
    private var awaitingAddresses = false
    private let log: (LogPriority, String) -> Void
    /// The service's clock (from `attach`).
    private var clock: any TorchClock = MonotonicClock()
    private var wallClock: any WallClock = SystemWallClock()
    private let connect: Connect
    private var status: TorchStatus?
    private var library: PatternLibrary = .standard
    private var connectedOnce = false
    /// The last turn served: a deadline then says "again at once" while TLS holds
    /// decrypted bytes that poll(2) cannot see.
    private var lastTurn: Instant
    public let frontEndName = "mqtt"
    /// Messages on the set and group topics, and those refused.
    public private(set) var requestCounts = FrontEndCounts()
    /// Sessions the broker accepted after the first (a reconnect each).
    public private(set) var reconnects = 0
    /// True while a session with the broker is up.
    public var isConnected: Bool { session.isConnected }
    /// The last state JSON published and when; a change within `stateSpacing` of it
    /// waits (a brightness ramp changes the status 50 times a second), the latest wins.
    private var lastStateText: String?
    /// The problem sensor's state last published.
    private var lastButtonStuck: Bool?
    /// The LED-dark sensor's state last published.
    private var lastLEDDark: Bool?
    private var lastStateAt: Instant?
    private var statePending = false
    private static let stateSpacing: Duration = .milliseconds(50)
    /// Refused commands: a burst logged line by line, then a count (`LogBurstLimit`).
    private var refusals = LogBurstLimit()
    /// Clamped transitions: one line each, up to a burst per window (the rest unsaid).
    private var clamps = LogBurstLimit()
    /// Reads from the broker per turn of the loop, 4 KiB each (16 KiB): about a
    /// hundred small messages. A flood on the set topic (the MQTT storm) then never
    /// holds the loop past the control socket's 100 ms; the socket stays readable, so
    /// the rest comes next turn.
    private static let readsPerTurn = 4

    /// `tls` is the context for a `mqtts://` broker (made at start from `settings.tls`);
    /// `resolver` and `connect` reach the broker (a scripted one in tests).
    public init(settings: MQTTFrontEndSettings, seed: UInt64, at now: Instant, tls: TLSContext? = nil,
                resolver: any HostResolving = ThreadResolver(), connect: @escaping Connect = StreamConnect.start,
                log: @escaping (LogPriority, String) -> Void) {
        self.settings = settings
        self.tls = tls
        self.resolver = resolver
        self.connect = connect
        lastTurn = now
        self.log = log
        session = MQTTSession(settings: settings.session, seed: seed, at: now)
    }

    /// Opens the stream to the broker's resolved addresses (`host` for TLS's check): the
    /// socket, or a scripted broker in tests.
    public typealias Connect = ([SocketAddress], _ host: String, TLSContext?) throws(HardwareError) -> any ByteStream

    public func attach(_ context: FrontEndContext) {
        clock = context.clock
        wallClock = context.wallClock
    }

    public func metricFamilies() -> [MetricFamily] {
        [.single("torch_mqtt_connected", .gauge, help: "1 while the MQTT session with the broker is up.", isConnected ? 1 : 0),
         .single("torch_mqtt_reconnects_total", .counter, help: "MQTT sessions the broker accepted after the first.", Double(reconnects))]
    }

    public var pollDescriptors: [Int32] {
        let socket = connection.map { $0.fd >= 0 ? [$0.fd] : [] } ?? []
        return socket + (resolver.isPending && resolver.readyDescriptor >= 0 ? [resolver.readyDescriptor] : [])
    }
    public var pollWriteDescriptors: [Int32] { connection.map { $0.wantsWrite ? [$0.fd] : [] } ?? [] }
    public var nextDeadline: Instant? {
        let state = statePending ? lastStateAt.map { $0 + Self.stateSpacing } : nil
        let buffered = connection?.hasBufferedInput == true ? lastTurn : nil
        return [session.nextDeadline, state, refusals.nextDeadline, buffered].compactMap { $0 }.min()
    }

    public func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {
        library = controller.settings.library
        lastTurn = now
        if let answer = resolver.take() { addressesResolved(answer, at: now) }
        if let c = connection, ready.contains(c.fd) || c.hasBufferedInput { serviceSocket(c, at: now, controller: controller) }
        session.advance(to: now)
        if statePending, let last = lastStateAt, now >= last + Self.stateSpacing { publishState(at: now) }
        perform(at: now, controller: controller)
        reportCounted(at: now)
    }

    public func statusChanged(_ status: TorchStatus, at now: Instant) {
        let watchedBefore = self.status.map { $0.ledDark != nil }
        self.status = status
        // The LED newly watched (or no longer): its sensor announced (or removed) at once.
        if let before = watchedBefore, before != (status.ledDark != nil), session.isConnected,
           let m = settings.discovery?.ledDarkMessage(watched: status.ledDark != nil) {
            session.publish(m, at: now)
        }
        publishState(at: now)
        perform(at: now, controller: nil)
    }

    public func gestureRecognized(_ kind: GestureKind, count: Int?, at now: Instant) {
        guard let t = GestureTrigger(kind, count: count) else { return }
        session.publish(MQTTMessage(topic: settings.topics.gesture, text: t.payload), at: now)
        perform(at: now, controller: nil)
    }

    /// A clean stop: `offline` (retained), then DISCONNECT, which discards the will.
    public func close() {
        if let n = refusals.takeCounted() { logCounted(n) }
        guard let c = connection else { return }
        let now = clock.now()
        if session.isConnected {
            session.publish(MQTTMessage(topic: settings.topics.availability, text: "offline", qos: .atLeastOnce, retain: true), at: now)
        }
        session.disconnect(at: now)
        for a in session.takeActions() {
            if case let .send(bytes) = a { try? c.send(bytes) }
        }
        c.closeGracefully(timeout: .milliseconds(500))
        connection = nil
    }

    // MARK: Socket

    private func serviceSocket(_ c: any ByteStream, at now: Instant, controller: TorchController) {
        do {
            if !c.isConnected {
                guard try c.finishConnect() else { return }
                session.transportOpened(at: now)
                perform(at: now, controller: controller)
            }
            try c.flush()
            // A bounded number of reads per turn: a flood cannot hold the loop.
            for _ in 0..<Self.readsPerTurn {
                switch try c.receive(limit: 4096) {
                case let .bytes(b):
                    session.received(b, at: now)
                    perform(at: now, controller: controller)
                    guard connection === c else { return }
                case .nothing:
                    return
                case .closed:
                    dropConnection("the broker closed the connection", at: now)
                    return
                }
            }
        } catch {
            dropConnection(error.message, at: now)
        }
    }

    /// The resolver answered: connect to the addresses if an attempt still waits for them.
    private func addressesResolved(_ answer: Result<[SocketAddress], HardwareError>, at now: Instant) {
        guard awaitingAddresses else { return }
        awaitingAddresses = false
        do {
            connection = try connect(try answer.get(), settings.broker.host, tls)
        } catch {
            session.transportFailed("\(settings.broker): \(error.message)", at: now)
        }
    }

    private func dropConnection(_ reason: String, at now: Instant) {
        connection?.close()
        connection = nil
        session.transportFailed("\(settings.broker): \(reason)", at: now)
    }

    /// Carries out the session's actions (and those they cause) in order.
    private func perform(at now: Instant, controller: TorchController?) {
        var actions = session.takeActions()
        while !actions.isEmpty {
            for a in actions { perform(a, at: now, controller: controller) }
            actions = session.takeActions()
        }
    }

    private func perform(_ action: MQTTSessionAction, at now: Instant, controller: TorchController?) {
        switch action {
        case .open:
            // The answer comes back on a later turn (a lookup still in flight from an
            // earlier attempt is awaited, not doubled).
            awaitingAddresses = true
            resolver.start(host: settings.broker.host, port: settings.broker.port)
        case let .send(bytes):
            guard let c = connection else { return }
            do { try c.send(bytes) } catch { dropConnection(error.message, at: now) }
        case .close:
            connection?.close()
            connection = nil
            awaitingAddresses = false
        case .connected:
            log(.info, "mqtt: connected to \(settings.broker) as '\(settings.session.connect.clientID)'\(connectedOnce ? " again" : "")")
            if connectedOnce { reconnects += 1 }
            connectedOnce = true
            announce(at: now)
        case .disconnected:
            break
        case let .message(m):
            if let controller { handle(m, at: now, controller: controller) }
        case let .log(priority, line):
            log(priority, line)
        }
    }

    // MARK: Publishing

    /// Availability, discovery and the state: at every connect and when Home Assistant
    /// says it is back online.
    private func announce(at now: Instant) {
        session.publish(MQTTMessage(topic: settings.topics.availability, text: "online", qos: .atLeastOnce, retain: true), at: now)
        for m in settings.discovery?.messages ?? [] { session.publish(m, at: now) }
        if let m = settings.discovery?.ledDarkMessage(watched: status?.ledDark != nil) { session.publish(m, at: now) }
        publishState(at: now, force: true)
    }

    /// The state, retained, unless it is the same text as the last one published
    /// (`force`: at a connect or a re-announce), or the last one went out less than
    /// `stateSpacing` ago (then it goes at the end of the spacing).
    private func publishState(at now: Instant, force: Bool = false) {
        guard let status, session.isConnected else { return }
        publishButtonStuck(status.buttonStuck, at: now, force: force)
        if let dark = status.ledDark { publishLEDDark(dark, at: now, force: force) }
        let json = LightStateMessage.json(status, library: library).jsonText
        statePending = false
        guard force || json != lastStateText else { return }
        if !force, let last = lastStateAt, now < last + Self.stateSpacing {
            statePending = true
            return
        }
        lastStateText = json
        // An announce's state does not hold back the next change (a button press right
        // after a connect is echoed at once).
        if !force { lastStateAt = now }
        session.publish(MQTTMessage(topic: settings.topics.state, text: json, qos: .atLeastOnce, retain: true), at: now)
    }

    /// The LED-dark sensor's state, retained, when it changes (or at an announce).
    private func publishLEDDark(_ dark: Bool, at now: Instant, force: Bool) {
        guard force || dark != lastLEDDark else { return }
        lastLEDDark = dark
        session.publish(MQTTMessage(topic: settings.topics.ledDark, text: dark ? "ON" : "OFF", qos: .atLeastOnce, retain: true), at: now)
    }

    /// The problem sensor's state, retained, when it changes (or at an announce).
    private func publishButtonStuck(_ stuck: Bool, at now: Instant, force: Bool) {
        guard force || stuck != lastButtonStuck else { return }
        lastButtonStuck = stuck
        session.publish(MQTTMessage(topic: settings.topics.buttonStuck, text: stuck ? "ON" : "OFF", qos: .atLeastOnce, retain: true),
                        at: now)
    }

    // MARK: Commands

    private func handle(_ m: MQTTMessage, at now: Instant, controller: TorchController) {
        let topics = settings.topics
        if m.topic == topics.homeAssistantStatus {
            if m.text == "online" { announce(at: now) }
            return
        }
        guard m.topic == topics.command || m.topic == topics.group else { return }
        let group = m.topic == topics.group
        requestCounts.requests += 1
        // A retained message (RETAIN set on delivery, MQTT 3.1.1 §3.3.1.3) is a command
        // someone left on the broker, delivered again at every connect: on this board's
        // own set topic it would undo the owner's `off` at each reconnect and restart.
        if m.retain, !group || !settings.groupRetained {
            refused("mqtt: \(m.topic): a retained message (\(m.payload.count) bytes, left on the broker) is not a command"
                    + (group ? " without [mqtt] group-retained = yes" : "")
                    + "; ignored (clear it: mosquitto_pub -r -n -t \(m.topic)); the light is unchanged", at: now)
            return
        }
        let command: LightCommand
        switch LightCommand.parse(m.payload, group: group) {
        case let .success(c): command = c
        case let .failure(e):
            refused("mqtt: \(m.topic): \(e.message) (payload \(Self.shown(m.payload))); the light is unchanged", at: now)
            return
        }
        if let asked = command.clampedTransition, clamps.admit(at: now) {
            log(.notice, "mqtt: \(m.topic): transition \(DecimalSyntax.format(asked, maxFractionDigits: 3)) s is above torch's longest (\(DecimalSyntax.format(LightCommand.maxTransition, maxFractionDigits: 0)) s); played over \(DecimalSyntax.format(LightCommand.maxTransition, maxFractionDigits: 0)) s")
        }
        var request: ControlRequest
        switch command.request(current: controller.status(at: now), library: library, restart: group) {
        case let .success(r): request = r
        case let .failure(e):
            refused("mqtt: \(m.topic): \(e.message); the light is unchanged", at: now)
            return
        }
        // A flash is shown over the light's state and ends by itself: no group start.
        if group, request.flash == nil {
            // Both clocks read together: the wall-clock start becomes a monotonic one.
            let mono = clock.now()
            let real = wallClock.unixNanoseconds()
            if let at = command.at {
                guard let s = LightCommand.anchor(atMs: at, realtimeNs: real, monotonic: mono, window: settings.groupWindow) else {
                    refused("mqtt: \(m.topic): at: \(at) is more than \(DurationSyntax.format(settings.groupWindow)) from this board's clock (\(real / 1_000_000)); the light is unchanged", at: now)
                    return
                }
                request.patternStart = s
            } else {
                request.patternStart = mono + settings.groupDefaultDelay
            }
        }
        if let refusal = controller.handle(.request(request, from: .mqtt, at: now)).error {
            refused("mqtt: \(m.topic): \(refusal); the light is unchanged", at: now)
        }
    }

    /// Logs a refused command's line, unless a burst of them was logged in this window
    /// (then it is counted, and the count logged when the window ends).
    private func refused(_ line: String, at now: Instant) {
        requestCounts.refusals += 1
        reportCounted(at: now)
        if refusals.admit(at: now) { log(.warning, line) }
    }

    private func reportCounted(at now: Instant) {
        if let n = refusals.takeCounted(at: now) { logCounted(n) }
    }

    private func logCounted(_ n: Int) {
        log(.warning, "mqtt: \(n) more refused command\(n == 1 ? "" : "s") in \(DurationSyntax.format(refusals.window)) (after \(refusals.burst) logged one by one); the light is unchanged by them")
    }

    /// A payload for a log line: at most 80 characters, control characters escaped
    /// (C0 and C1: a flood of random bytes on the set topic must not put a line break
    /// or an escape sequence into the log; `EchoedText`).
    static func shown(_ payload: [UInt8]) -> String {
        "'" + EchoedText.bounded(String(decoding: payload.prefix(400), as: UTF8.self), limit: 80) + "'"
    }
}
