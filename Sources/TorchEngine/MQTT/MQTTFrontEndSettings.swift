import TorchCore

/// Everything the MQTT front end needs, resolved from `[mqtt]` and the command line
/// (host name defaults filled in, the password read).
public struct MQTTFrontEndSettings: Sendable {
    public var broker: MQTTBrokerURL
    public var session: MQTTSessionSettings
    public var topics: MQTTTopics
    /// nil with `discovery = no`.
    public var discovery: HomeAssistantDiscovery?
    /// How far a group command's `"at"` may be from this board's clock.
    public var groupWindow: Duration = .seconds(60)
    /// A group command without `"at"` starts this long after it arrives.
    public var groupDefaultDelay: Duration = .milliseconds(200)
    /// `[mqtt] group-retained`: a retained message on the group topic is a command
    /// (one on the board's own set topic never is).
    public var groupRetained = false
    /// The TLS files for an `mqtts://` broker (nil: plain TCP).
    public var tls: TLSFiles?

    public init(broker: MQTTBrokerURL, session: MQTTSessionSettings, topics: MQTTTopics, discovery: HomeAssistantDiscovery?) {
        self.broker = broker
        self.session = session
        self.topics = topics
        self.discovery = discovery
    }

    /// The session settings for these topics: the will (`offline`, retained), the
    /// subscriptions (this board's commands, the group, Home Assistant's status).
    public static func session(clientID: String, keepalive: Duration, username: String?, password: [UInt8]?,
                               topics: MQTTTopics, discovery: Bool) -> MQTTSessionSettings {
        let will = MQTTMessage(topic: topics.availability, text: "offline", qos: .atLeastOnce, retain: true)
        let seconds = UInt16(clamping: max(1, keepalive.nanoseconds / 1_000_000_000))
        var subs = [MQTTSubscription(topics.command, qos: .atLeastOnce), MQTTSubscription(topics.group, qos: .atLeastOnce)]
        if discovery { subs.append(MQTTSubscription(topics.homeAssistantStatus, qos: .atLeastOnce)) }
        return MQTTSessionSettings(
            connect: MQTTConnect(clientID: clientID, keepalive: seconds, cleanSession: true, will: will,
                                 username: username, password: password),
            subscriptions: subs)
    }
}
