import TorchCore
import TorchHardware

/// The MQTT front end, started from `[mqtt]` (and `torch run --mqtt`): off without a
/// broker. Its settings take the host name's defaults, the password file, the board's
/// model and the pattern list; `torch mqtt forget` builds the same settings.
public struct MQTTFrontEndKind: FrontEndKind {
    public typealias Section = MQTTSection

    public init() {}

    public func start(_ mqtt: MQTTSection.Settings, _ shell: FrontEndShell) throws(FrontEndStartFailure) -> (any FrontEnd)? {
        do {
            guard let settings = try Self.settings(mqtt, shell) else { return nil }
            return try Self.frontEnd(settings, log: shell.log)
        } catch {
            throw FrontEndStartFailure("\(error); no MQTT")
        }
    }

    /// The front end's settings; nil when no broker is configured (MQTT off).
    public static func settings(_ m: MQTTSection.Settings, _ shell: FrontEndShell) throws(HardwareError) -> MQTTFrontEndSettings? {
        guard let broker = m.broker else { return nil }
        let host = shell.hostName ?? "torch"
        let level = MQTTTopic.level(host)
        let clientID = m.clientID ?? "torch-\(level)"
        let topics = MQTTTopics(base: m.baseTopic ?? "torch/\(level)", group: m.groupTopic,
                                discoveryPrefix: m.discoveryPrefix, node: clientID)
        var password: [UInt8]? = nil
        if let path = m.passwordFile {
            // The first line, without its newline: the file keeps the secret out of the config.
            let read: String?
            do { read = try AtomicFile.readSecret(path) } catch { throw HardwareError("[mqtt] password-file: \(error.message)") }
            guard let text = read else {
                throw HardwareError("[mqtt] password-file: \(path): no such file")
            }
            password = Array((text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "").utf8)
        }
        let session = MQTTFrontEndSettings.session(clientID: clientID, keepalive: m.keepalive, username: m.username,
                                                   password: password, topics: topics, discovery: m.discovery)
        let discovery = m.discovery
            ? HomeAssistantDiscovery(topics: topics, name: host, model: shell.boardModel(),
                                     softwareVersion: shell.softwareVersion, effects: shell.patterns)
            : nil
        var settings = MQTTFrontEndSettings(broker: broker, session: session, topics: topics, discovery: discovery)
        settings.groupRetained = m.groupRetained
        if broker.tls {
            settings.tls = m.tls
        } else if !m.tls.isEmpty {
            let keys = [("ca-file", m.tls.caFile), ("cert-file", m.tls.certFile), ("key-file", m.tls.keyFile)]
                .compactMap { $0.1 == nil ? nil : $0.0 }.joined(separator: ", ")
            throw HardwareError("[mqtt] \(keys): for a TLS broker, but \(broker) is plain MQTT: write it mqtts://\(broker.description.dropFirst("mqtt://".count))")
        }
        return settings
    }

    /// The TLS context of an `mqtts://` broker, its files read now (nil for plain MQTT).
    public static func tlsContext(_ settings: MQTTFrontEndSettings) throws(HardwareError) -> TLSContext? {
        guard let files = settings.tls else { return nil }
        do { return try TLSContext(files) } catch { throw HardwareError("[mqtt] \(error.message)") }
    }

    /// The front end, seeded so boards started together do not reconnect together.
    static func frontEnd(_ settings: MQTTFrontEndSettings, log: @escaping (LogPriority, String) -> Void) throws(HardwareError) -> MQTTFrontEnd {
        let tls = try tlsContext(settings)
        let now = MonotonicClock().now()
        let seed = UInt64(bitPattern: now.nanoseconds) ^ (UInt64(UInt32(bitPattern: HostName.processID)) << 32)
        return MQTTFrontEnd(settings: settings, seed: seed, at: now, tls: tls, log: log)
    }
}
