/// One MQTT 3.1.1 control packet (OASIS MQTT 3.1.1, section 3): all fourteen types, as
/// values. `MQTTEncoder` writes them; `MQTTDecoder` reads them from a byte stream. No
/// I/O here: the service's adapter moves the bytes.
public enum MQTTPacket: Equatable, Sendable {
    case connect(MQTTConnect)
    /// `returnCode` 0 is accepted; 1…5 are the refusals of section 3.2.2.3.
    case connack(sessionPresent: Bool, returnCode: UInt8)
    /// `packetID` is present exactly when the QoS is above 0.
    case publish(MQTTMessage, packetID: UInt16?, dup: Bool)
    case puback(UInt16)
    case pubrec(UInt16)
    case pubrel(UInt16)
    case pubcomp(UInt16)
    case subscribe(packetID: UInt16, [MQTTSubscription])
    /// One granted QoS (0, 1, 2) or 0x80 (failure) per topic filter.
    case suback(packetID: UInt16, [UInt8])
    case unsubscribe(packetID: UInt16, [String])
    case unsuback(UInt16)
    case pingreq
    case pingresp
    case disconnect

    /// The packet type's name, for log lines ("CONNACK").
    public var name: String {
        switch self {
        case .connect: "CONNECT"
        case .connack: "CONNACK"
        case .publish: "PUBLISH"
        case .puback: "PUBACK"
        case .pubrec: "PUBREC"
        case .pubrel: "PUBREL"
        case .pubcomp: "PUBCOMP"
        case .subscribe: "SUBSCRIBE"
        case .suback: "SUBACK"
        case .unsubscribe: "UNSUBSCRIBE"
        case .unsuback: "UNSUBACK"
        case .pingreq: "PINGREQ"
        case .pingresp: "PINGRESP"
        case .disconnect: "DISCONNECT"
        }
    }
}

/// Quality of service: how often a message is delivered.
public enum MQTTQoS: UInt8, Comparable, Sendable, CaseIterable {
    case atMostOnce = 0
    case atLeastOnce = 1
    case exactlyOnce = 2

    public static func < (a: MQTTQoS, b: MQTTQoS) -> Bool { a.rawValue < b.rawValue }
}

/// An application message: what a PUBLISH carries and what a will is.
public struct MQTTMessage: Equatable, Sendable {
    public var topic: String
    public var payload: [UInt8]
    public var qos: MQTTQoS
    /// The broker keeps the last retained message of a topic for later subscribers.
    public var retain: Bool

    public init(topic: String, payload: [UInt8], qos: MQTTQoS = .atMostOnce, retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }

    public init(topic: String, text: String, qos: MQTTQoS = .atMostOnce, retain: Bool = false) {
        self.init(topic: topic, payload: Array(text.utf8), qos: qos, retain: retain)
    }

    /// The payload as text (invalid UTF-8 replaced), for logs and JSON.
    public var text: String { String(decoding: payload, as: UTF8.self) }
}

/// What a CONNECT says (section 3.1).
public struct MQTTConnect: Equatable, Sendable {
    public var clientID: String
    /// Seconds; 0 turns keepalive off (torch never sends 0).
    public var keepalive: UInt16
    public var cleanSession: Bool
    public var will: MQTTMessage?
    public var username: String?
    public var password: [UInt8]?

    public init(clientID: String, keepalive: UInt16, cleanSession: Bool = true, will: MQTTMessage? = nil,
                username: String? = nil, password: [UInt8]? = nil) {
        self.clientID = clientID
        self.keepalive = keepalive
        self.cleanSession = cleanSession
        self.will = will
        self.username = username
        self.password = password
    }
}

/// One topic filter of a SUBSCRIBE, with the highest QoS asked for.
public struct MQTTSubscription: Equatable, Sendable {
    public var filter: String
    public var qos: MQTTQoS

    public init(_ filter: String, qos: MQTTQoS) {
        self.filter = filter
        self.qos = qos
    }
}

/// A PUBLISH over the decoder's limit, skipped unread: what the log line names, and what
/// its acknowledgement needs.
public struct MQTTSkippedPublish: Equatable, Sendable {
    /// The topic as sent (for the log: shown escaped).
    public var topic: String
    /// The remaining length the packet announced, in bytes.
    public var size: Int
    public var qos: MQTTQoS
    public var packetID: UInt16?
    public var retain: Bool

    public init(topic: String, size: Int, qos: MQTTQoS, packetID: UInt16?, retain: Bool) {
        self.topic = topic
        self.size = size
        self.qos = qos
        self.packetID = packetID
        self.retain = retain
    }
}
