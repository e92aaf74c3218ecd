extension TorchConfig {
    /// `[mqtt]`: the MQTT client and Home Assistant. Off while `broker` is unset.
    public struct MQTT: Equatable, Sendable {
        /// `broker`: where the broker is; nil keeps MQTT off (`torch run --mqtt URL` overrides it).
        public var broker: MQTTBrokerURL? = nil
        /// `username`: the MQTT user name; nil sends none.
        public var username: String? = nil
        /// `password-file`: a file whose first line is the password (read at start).
        public var passwordFile: String? = nil
        /// `ca-file`, `cert-file`, `key-file`: the TLS connection's files (`mqtts://`).
        public var tls = TLSFiles()
        /// `client-id`: nil is `torch-<hostname>`.
        public var clientID: String? = nil
        /// `base-topic`: this board's topics start with it; nil is `torch/<hostname>`.
        public var baseTopic: String? = nil
        /// `discovery-prefix`: Home Assistant's discovery prefix.
        public var discoveryPrefix = "homeassistant"
        /// `discovery`: announce the light and the button's triggers to Home Assistant.
        public var discovery = true
        /// `keepalive`: the MQTT keepalive, 1 s to 65535 s (whole seconds).
        public var keepalive: Duration = .seconds(30)
        /// `group-topic`: commands here reach every board.
        public var groupTopic = "torch/all"
        /// `group-retained`: a retained message on the group topic is a command.
        public var groupRetained = false

        public init() {}
    }
}
