import TorchCore

/// `[mqtt]`: the MQTT client and Home Assistant, off while `broker` is unset: its keys,
/// their docs and defaults, and the client certificate's pairing of keys.
/// `MQTTFrontEndKind` starts the front end from these settings.
public enum MQTTSection: FrontEndSection {
    public struct Settings: Equatable, Sendable {
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

    public static let name = "mqtt"
    public static let defaults = Settings()

    public static let intro = ConfigSectionIntro(
        "MQTT 3.1.1 and Home Assistant (see torch(1): run and mqtt forget). Off until broker is set. Read at start (a reload keeps the running MQTT settings). Under systemd, install the network drop-in first (/usr/share/torch/network.conf; see NETWORK in torch.conf(5)).")

    public static let keys: [SectionKey<Settings>] = [
        SectionKey(
            "broker",
            "The broker; 'torch run --mqtt URL' overrides it. HOST is a name, an IPv4 address or an IPv6 address in brackets; PORT is 1883 by default. mqtts:// is MQTT over TLS (PORT 8883 by default; OpenSSL's libssl3, loaded only then): TLS 1.2 or newer, the broker's certificate must be signed by a CA of ca-file (without it, the system's) and name HOST (a name, or an address among its IP entries); a broker refused is one log line saying why, and torch tries again with backoff. A host name is resolved at each connect attempt (getaddrinfo: at most resolv.conf's timeout × attempts per name server, 5 s × 2 by default; an address or an /etc/hosts name at once); it is looked up on a thread of its own, so only the MQTT connection waits for it: the light, the button and the other ways in never do.",
            allowed: "mqtt://HOST[:PORT] or mqtts://HOST[:PORT]", default: nil, example: "mqtt://homeassistant.local:1883"
        ) { s, v throws(ValueError) in s.broker = try MQTTBrokerURL.parse(v) },
        SectionKey(
            "username",
            "The MQTT user name. Without it, none is sent.",
            allowed: "1 to 1024 bytes", default: nil, example: "torch"
        ) { s, v throws(ValueError) in
            guard !v.isEmpty, v.utf8.count <= 1024 else { throw ValueError(value: v, allowed: "a user name of 1 to 1024 bytes") }
            s.username = v
        },
        SectionKey(
            "password-file",
            "A file whose first line is the password, read at start. It must be readable by its owner only (mode 0600 or 0400): a file group or others may read is refused in one line naming it and the mode to use, and the service runs without MQTT.",
            allowed: "a file path", default: nil, example: "/etc/torch/mqtt-password"
        ) { s, v throws(ValueError) in s.passwordFile = try ConfigValue.text(v, meaning: "the path of a file holding the password") },
        SectionKey(
            "ca-file",
            "With mqtts://: the PEM file of the CA certificates that may sign the broker's certificate (a private CA's, say), read at start. Without it, the system's CAs (/etc/ssl/certs). A file OpenSSL cannot read is refused in one line, and the service runs without MQTT. Set with mqtt:// it is refused the same way (use mqtts://).",
            allowed: "a file path", default: nil, example: "/etc/torch/mqtt-ca.pem"
        ) { s, v throws(ValueError) in s.tls.caFile = try ConfigValue.text(v, meaning: "the path of a PEM file of CA certificates") },
        SectionKey(
            "cert-file",
            "With mqtts://: the PEM certificate chain this board presents, for a broker that asks for a client certificate (mosquitto's require_certificate); set with key-file. Without both, none is presented.",
            allowed: "a file path", default: nil, example: "/etc/torch/mqtt-client.pem"
        ) { s, v throws(ValueError) in s.tls.certFile = try ConfigValue.text(v, meaning: "the path of a PEM certificate chain") },
        SectionKey(
            "key-file",
            "The private key (PEM) of cert-file, read at start. Like password-file it must be readable by its owner only (mode 0600 or 0400): a key group or others may read is refused in one line naming it and the mode to use, and the service runs without MQTT.",
            allowed: "a file path", default: nil, example: "/etc/torch/mqtt-client.key"
        ) { s, v throws(ValueError) in s.tls.keyFile = try ConfigValue.text(v, meaning: "the path of a PEM private key") },
        SectionKey(
            "client-id",
            "The MQTT client identifier, also Home Assistant's device id. Without it, torch-HOSTNAME (the host name with anything but letters, digits, '-' and '_' as '_').",
            allowed: "1 to 128 bytes without spaces", default: nil, example: "torch-kitchen"
        ) { s, v throws(ValueError) in
            guard (1...128).contains(v.utf8.count), v.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value != 127 }) else {
                throw ValueError(value: v, allowed: "a client identifier of 1 to 128 bytes without spaces")
            }
            s.clientID = v
        },
        SectionKey(
            "base-topic",
            "This board's topics: BASE/set (commands), BASE/state (the state, retained JSON), BASE/availability (online/offline, retained; the will is offline), BASE/gesture (one message per button gesture). Without it, torch/HOSTNAME (the host name as for client-id).",
            allowed: "an MQTT topic of 1 to 200 bytes, no '+', '#', spaces or NUL, not starting or ending with '/'", default: nil, example: "torch/kitchen"
        ) { s, v throws(ValueError) in s.baseTopic = try topic(v) },
        SectionKey(
            "discovery-prefix",
            "Home Assistant's discovery prefix.",
            allowed: "an MQTT topic, as for base-topic", default: "homeassistant", example: "ha"
        ) { s, v throws(ValueError) in s.discoveryPrefix = try topic(v) },
        SectionKey(
            "discovery",
            "Announce a JSON-schema light and one device trigger per button gesture to Home Assistant, retained, and again when Home Assistant publishes online on PREFIX/status.",
            allowed: "yes or no", default: "yes", example: "no"
        ) { s, v throws(ValueError) in s.discovery = try BoolSyntax.parse(v) },
        SectionKey(
            "keepalive",
            "A ping when nothing was sent or received for this long; the connection counts as dead after 1.5 times it with nothing from the broker (the broker applies the same rule and publishes the will, \"offline\"), and torch reconnects with exponential backoff (0.5 s doubling to 30 s, with jitter).",
            allowed: "whole seconds from 1s to 65535s", default: "30s", example: "60s"
        ) { s, v throws(ValueError) in
            let d = try ConfigValue.duration(v, in: .seconds(1) ... .seconds(65535))
            guard d.nanoseconds % 1_000_000_000 == 0 else {
                throw ValueError(value: v, allowed: "whole seconds from 1s to 65535s (MQTT counts the keepalive in seconds)")
            }
            s.keepalive = d
        },
        SectionKey(
            "group-topic",
            "Commands on this topic reach every board. A pattern a group command starts begins at its \"at\" (Unix milliseconds, CLOCK_REALTIME; default 200 ms after it arrives), so boards whose clocks agree blink in phase.",
            allowed: "an MQTT topic, as for base-topic", default: "torch/all", example: "torch/garden"
        ) { s, v throws(ValueError) in s.groupTopic = try topic(v) },
        SectionKey(
            "group-retained",
            "Whether a retained message on group-topic (the group's last command, which the broker delivers again at every connect) is obeyed: yes for a fleet that should take the group's last state at boot. The flashing rule ([light] remote-flashing) still applies. A retained message on the board's own <base-topic>/set is never a command: it is logged and ignored.",
            allowed: "yes or no", default: "no", example: "yes"
        ) { s, v throws(ValueError) in s.groupRetained = try BoolSyntax.parse(v) },
    ]

    /// A client certificate is presented with its key: one without the other is a slip.
    public static func check(_ settings: Settings, lines: [String: Int]) -> [SectionProblem] {
        switch (lines["cert-file"], lines["key-file"]) {
        case let (cert?, nil): [SectionProblem(line: cert, "cert-file needs key-file (the certificate's private key) in [mqtt]")]
        case let (nil, key?): [SectionProblem(line: key, "key-file needs cert-file (the certificate it belongs to) in [mqtt]")]
        default: []
        }
    }

    static let topicMeaning = "an MQTT topic: 1 to 200 bytes of UTF-8, no '+', '#', spaces or NUL, not starting or ending with '/'"

    /// A topic (or prefix) torch publishes under or subscribes to exactly.
    static func topic(_ v: String) throws(ValueError) -> String {
        guard MQTTTopic.isValidName(v) else { throw ValueError(value: v, allowed: topicMeaning) }
        return v
    }
}
