/// The `[mqtt]` section's keys.
extension ConfigSchema {
    static let topicMeaning = "an MQTT topic: 1 to 200 bytes of UTF-8, no '+', '#', spaces or NUL, not starting or ending with '/'"

    static let mqtt = ConfigSection(name: "mqtt", keys: [
        ConfigKey(name: "broker") { c, v throws(ValueError) in c.mqtt.broker = try MQTTBrokerURL.parse(v) },
        ConfigKey(name: "username") { c, v throws(ValueError) in
            guard !v.isEmpty, v.utf8.count <= 1024 else { throw ValueError(value: v, allowed: "a user name of 1 to 1024 bytes") }
            c.mqtt.username = v
        },
        ConfigKey(name: "password-file") { c, v throws(ValueError) in
            c.mqtt.passwordFile = try ConfigValue.text(v, meaning: "the path of a file holding the password")
        },
        ConfigKey(name: "ca-file") { c, v throws(ValueError) in
            c.mqtt.tls.caFile = try ConfigValue.text(v, meaning: "the path of a PEM file of CA certificates")
        },
        ConfigKey(name: "cert-file") { c, v throws(ValueError) in
            c.mqtt.tls.certFile = try ConfigValue.text(v, meaning: "the path of a PEM certificate chain")
        },
        ConfigKey(name: "key-file") { c, v throws(ValueError) in
            c.mqtt.tls.keyFile = try ConfigValue.text(v, meaning: "the path of a PEM private key")
        },
        ConfigKey(name: "client-id") { c, v throws(ValueError) in
            guard (1...128).contains(v.utf8.count), v.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value != 127 }) else {
                throw ValueError(value: v, allowed: "a client identifier of 1 to 128 bytes without spaces")
            }
            c.mqtt.clientID = v
        },
        ConfigKey(name: "base-topic") { c, v throws(ValueError) in c.mqtt.baseTopic = try topic(v) },
        ConfigKey(name: "discovery-prefix") { c, v throws(ValueError) in c.mqtt.discoveryPrefix = try topic(v) },
        ConfigKey(name: "discovery") { c, v throws(ValueError) in c.mqtt.discovery = try BoolSyntax.parse(v) },
        ConfigKey(name: "keepalive") { c, v throws(ValueError) in
            let d = try ConfigValue.duration(v, in: .seconds(1) ... .seconds(65535))
            guard d.nanoseconds % 1_000_000_000 == 0 else {
                throw ValueError(value: v, allowed: "whole seconds from 1s to 65535s (MQTT counts the keepalive in seconds)")
            }
            c.mqtt.keepalive = d
        },
        ConfigKey(name: "group-topic") { c, v throws(ValueError) in c.mqtt.groupTopic = try topic(v) },
        ConfigKey(name: "group-retained") { c, v throws(ValueError) in c.mqtt.groupRetained = try BoolSyntax.parse(v) },
    ])

    /// A topic (or prefix) torch publishes under or subscribes to exactly.
    static func topic(_ v: String) throws(ValueError) -> String {
        guard MQTTTopic.isValidName(v) else { throw ValueError(value: v, allowed: topicMeaning) }
        return v
    }
}
