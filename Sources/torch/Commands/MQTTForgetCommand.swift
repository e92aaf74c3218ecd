import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// `torch mqtt forget`: removes this board from Home Assistant in one short session that
/// publishes empty retained messages on every topic torch retains (discovery configs,
/// state, availability), waits for the broker's PUBACKs and disconnects. At most 10 s.
struct MQTTForgetCommand: LocalCommand {
    static let spec = CommandSpec(
        name: "mqtt", overview: "MQTT and Home Assistant: 'torch mqtt forget' removes this board's entities.",
        arguments: [ArgumentSpec(name: "action", help: "forget: publish empty retained discovery configs, state and availability.", optional: false)],
        discussion: """
        Connects to [mqtt] broker with the client id '<client-id>-forget', clears every
        retained message torch published there (Home Assistant deletes the light and the
        button's triggers) and disconnects. Stop the service first, or it announces the
        board again when it reconnects or Home Assistant restarts.
        """,
        drivesLight: false) { p, _ throws(UsageError) in
        let word = p.positionals.first ?? ""
        guard word == "forget" else {
            throw UsageError(message: "<action>: '\(word)' is not valid: expected forget", command: p.command)
        }
        return .local(MQTTForgetCommand())
    }

    func run(_ context: LocalContext) -> Int32 {
        let config = context.config
        let shell = FrontEndShell.of(config, statePath: context.statePath) { _, line in StandardError.write("torch: \(line)\n") }
        let settings: MQTTFrontEndSettings
        let tls: TLSContext?
        do {
            guard let s = try MQTTFrontEndKind.settings(config[MQTTSection.self], shell) else {
                StandardError.write("torch: mqtt forget: no broker: set [mqtt] broker in the config\n")
                return ExitCode.config
            }
            settings = s
            tls = try MQTTFrontEndKind.tlsContext(s)
        } catch {
            StandardError.write("torch: \(error)\n")
            return ExitCode.failure
        }
        var connect = settings.session.connect
        connect.clientID = String((connect.clientID + "-forget").utf8.prefix(128)) ?? connect.clientID
        connect.will = nil
        var sessionSettings = MQTTSessionSettings(connect: connect, subscriptions: [])
        sessionSettings.backoffFirst = .milliseconds(200)
        let topics = settings.topics
        let discovery = settings.discovery ?? HomeAssistantDiscovery(topics: topics, name: "", model: "", softwareVersion: "", effects: [])
        let clears = discovery.removals + [topics.state, topics.buttonStuck, topics.ledDark, topics.availability].map {
            MQTTMessage(topic: $0, payload: [], qos: .atLeastOnce, retain: true)
        }
        let clock = MonotonicClock()
        let end = clock.now() + .seconds(10)
        var session = MQTTSession(settings: sessionSettings, seed: UInt64(bitPattern: clock.now().nanoseconds), at: clock.now())
        var connection: (any ByteStream)?
        var sent = false
        var lastError = ""
        while clock.now() < end {
            let now = clock.now()
            session.advance(to: now)
            var actions = session.takeActions()
            while !actions.isEmpty {
                for a in actions {
                    switch a {
                    case .open:
                        do {
                            let addresses = try SocketAddress.resolve(host: settings.broker.host, port: settings.broker.port)
                            connection = try StreamConnect.start(addresses, host: settings.broker.host, tls: tls)
                        } catch {
                            lastError = error.message
                            session.transportFailed(error.message, at: now)
                        }
                    case let .send(bytes): try? connection?.send(bytes)
                    case .close: connection?.close(); connection = nil
                    case .connected:
                        for m in clears { session.publish(m, at: now) }
                        sent = true
                    case let .log(_, line): lastError = line
                    case .disconnected, .message: break
                    }
                }
                actions = session.takeActions()
            }
            if sent && session.inflight.isEmpty {
                session.disconnect(at: now)
                for case let .send(bytes) in session.takeActions() { try? connection?.send(bytes) }
                connection?.closeGracefully(timeout: .milliseconds(500))
                StandardError.write("torch: removed \(discovery.removals.count) discovery configs, the state, the problem sensor's and the availability of '\(topics.node)' from \(settings.broker)\n")
                return ExitCode.ok
            }
            guard let c = connection, c.fd >= 0 else {
                clock.sleep(until: min(session.nextDeadline ?? end, end))
                continue
            }
            // Records TLS has decrypted already are read before any wait (poll cannot see them).
            let ready: Set<Int32> = c.hasBufferedInput
                ? [c.fd]
                : PollSet.wait([c.fd], writable: c.wantsWrite ? [c.fd] : [], until: min(session.nextDeadline ?? end, end), clock: clock)
            guard ready.contains(c.fd) else { continue }
            do {
                if !c.isConnected {
                    if try c.finishConnect() { session.transportOpened(at: clock.now()) }
                    continue
                }
                try c.flush()
                switch try c.receive() {
                case let .bytes(b): session.received(b, at: clock.now())
                case .nothing: break
                case .closed:
                    connection = nil
                    session.transportFailed("the broker closed the connection", at: clock.now())
                }
            } catch {
                lastError = error.message
                connection = nil
                session.transportFailed(error.message, at: clock.now())
            }
        }
        StandardError.write("torch: mqtt forget: \(settings.broker) did not confirm within 10 s\(lastError.isEmpty ? "" : " (\(lastError))")\n")
        return ExitCode.failure
    }
}
