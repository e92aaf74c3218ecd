/// Home Assistant MQTT discovery: the retained config of a JSON-schema light and of one
/// device trigger per button gesture (home-assistant.io/integrations/light.mqtt,
/// device_trigger.mqtt). An empty retained payload on the same topics removes them.
public struct HomeAssistantDiscovery: Equatable, Sendable {
    /// HA's `brightness` runs 1…`brightnessScale`: torch's 1…100 % exactly.
    public static let brightnessScale = 100
    /// HA's flash lengths (seconds): what it sends as `"flash"` for short and long.
    public static let flashShort = 2
    public static let flashLong = 10

    public var topics: MQTTTopics
    /// The device's name in Home Assistant (the host name).
    public var name: String
    /// The board model (the board profile's name, or "unknown board").
    public var model: String
    public var softwareVersion: String
    /// `effect_list`: the configured pattern names.
    public var effects: [String]

    public init(topics: MQTTTopics, name: String, model: String, softwareVersion: String, effects: [String]) {
        self.topics = topics
        self.name = name
        self.model = model
        self.softwareVersion = softwareVersion
        self.effects = effects
    }

    /// Every retained config message (the light first, then the triggers).
    public var messages: [MQTTMessage] {
        [MQTTMessage(topic: topics.lightConfig, text: lightConfig.jsonText, qos: .atLeastOnce, retain: true)]
            + GestureTrigger.all.map {
                MQTTMessage(topic: topics.triggerConfig($0), text: triggerConfig($0).jsonText, qos: .atLeastOnce, retain: true)
            }
    }

    /// The same topics with empty retained payloads, and every problem sensor's: Home
    /// Assistant deletes the entities.
    public var removals: [MQTTMessage] {
        (messages + ProblemSensor.allCases.map { MQTTMessage(topic: topics.problemConfig($0), text: "") })
            .map { MQTTMessage(topic: $0.topic, payload: [], qos: .atLeastOnce, retain: true) }
    }

    /// The problem sensors' configs for those torch watches, and an empty retained
    /// payload for the others (one watched before and no longer is removed).
    public func problemMessages(watched: [ProblemSensor]) -> [MQTTMessage] {
        ProblemSensor.allCases.map { p in
            watched.contains(p)
                ? MQTTMessage(topic: topics.problemConfig(p), text: problemConfig(p).jsonText, qos: .atLeastOnce, retain: true)
                : MQTTMessage(topic: topics.problemConfig(p), payload: [], qos: .atLeastOnce, retain: true)
        }
    }

    /// A problem's binary sensor (`device_class: problem`, a diagnostic), ON while the
    /// light's state message has its key true.
    public func problemConfig(_ p: ProblemSensor) -> JSONValue {
        .object([
            JSONMember("name", .string(p.name)),
            JSONMember("unique_id", .string(topics.node + "_" + p.key)),
            JSONMember("device_class", .string("problem")),
            JSONMember("entity_category", .string("diagnostic")),
            JSONMember("state_topic", .string(topics.state)),
            JSONMember("value_template", .string("{{ 'ON' if value_json.\(p.key) else 'OFF' }}")),
            JSONMember("availability_topic", .string(topics.availability)),
            JSONMember("payload_available", .string("online")),
            JSONMember("payload_not_available", .string("offline")),
            JSONMember("qos", .number(1)),
            // The whole device, as the light's: a problem sensor seen first names it.
            JSONMember("device", device),
        ])
    }

    public var device: JSONValue {
        .object([
            JSONMember("identifiers", .array([.string(topics.node)])),
            JSONMember("name", .string(name)),
            JSONMember("model", .string(model)),
            JSONMember("manufacturer", .string("torch")),
            JSONMember("sw_version", .string(softwareVersion)),
        ])
    }

    public var lightConfig: JSONValue {
        .object([
            JSONMember("name", .null),
            JSONMember("unique_id", .string(topics.node + "_light")),
            JSONMember("schema", .string("json")),
            JSONMember("command_topic", .string(topics.command)),
            JSONMember("state_topic", .string(topics.state)),
            JSONMember("availability_topic", .string(topics.availability)),
            JSONMember("payload_available", .string("online")),
            JSONMember("payload_not_available", .string("offline")),
            JSONMember("brightness", .bool(true)),
            JSONMember("brightness_scale", .number(Double(Self.brightnessScale))),
            JSONMember("supported_color_modes", .array([.string("brightness")])),
            JSONMember("effect", .bool(true)),
            JSONMember("effect_list", .array(effects.map { .string($0) })),
            JSONMember("flash", .bool(true)),
            JSONMember("flash_time_short", .number(Double(Self.flashShort))),
            JSONMember("flash_time_long", .number(Double(Self.flashLong))),
            JSONMember("transition", .bool(true)),
            JSONMember("qos", .number(1)),
            JSONMember("retain", .bool(false)),
            JSONMember("device", device),
        ])
    }

    public func triggerConfig(_ t: GestureTrigger) -> JSONValue {
        .object([
            JSONMember("automation_type", .string("trigger")),
            JSONMember("topic", .string(topics.gesture)),
            JSONMember("payload", .string(t.payload)),
            JSONMember("type", .string(t.type)),
            JSONMember("subtype", .string(t.subtype)),
            JSONMember("qos", .number(0)),
            JSONMember("device", .object([JSONMember("identifiers", .array([.string(topics.node)]))])),
        ])
    }
}
