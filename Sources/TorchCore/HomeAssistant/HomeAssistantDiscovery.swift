/// Home Assistant MQTT discovery: the retained config of a JSON-schema light, of a problem
/// sensor for a stuck button (and one for a dark LED while a light sensor watches it) and
/// of one device trigger per button gesture
/// (home-assistant.io/integrations/light.mqtt, binary_sensor.mqtt, device_trigger.mqtt).
/// An empty retained payload on the same topics removes them.
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

    /// Every retained config message (the light first, the problem sensor, then the triggers).
    public var messages: [MQTTMessage] {
        [MQTTMessage(topic: topics.lightConfig, text: lightConfig.jsonText, qos: .atLeastOnce, retain: true),
         MQTTMessage(topic: topics.buttonStuckConfig, text: buttonStuckConfig.jsonText, qos: .atLeastOnce, retain: true)]
            + GestureTrigger.all.map {
                MQTTMessage(topic: topics.triggerConfig($0), text: triggerConfig($0).jsonText, qos: .atLeastOnce, retain: true)
            }
    }

    /// The same topics with empty retained payloads, and the LED-dark sensor's: Home
    /// Assistant deletes the entities.
    public var removals: [MQTTMessage] {
        (messages.map(\.topic) + [topics.ledDarkConfig]).map { MQTTMessage(topic: $0, payload: [], qos: .atLeastOnce, retain: true) }
    }

    /// The LED-dark sensor's config while a light sensor watches the LED, else an empty
    /// retained payload: one announced before is removed when the watch is gone.
    public func ledDarkMessage(watched: Bool) -> MQTTMessage {
        watched ? MQTTMessage(topic: topics.ledDarkConfig, text: ledDarkConfig.jsonText, qos: .atLeastOnce, retain: true)
                : MQTTMessage(topic: topics.ledDarkConfig, payload: [], qos: .atLeastOnce, retain: true)
    }

    /// A binary sensor of device class `problem`, as the stuck button's: on while the light
    /// sensor reads the lit LED dark (`DarkLEDWatch`: a broken LED, a loose wire), off
    /// once it reads light again. Diagnostic, on the board's device.
    public var ledDarkConfig: JSONValue {
        .object([
            JSONMember("name", .string("LED dark")),
            JSONMember("unique_id", .string(topics.node + "_led_dark")),
            JSONMember("device_class", .string("problem")),
            JSONMember("entity_category", .string("diagnostic")),
            JSONMember("state_topic", .string(topics.ledDark)),
            JSONMember("payload_on", .string("ON")),
            JSONMember("payload_off", .string("OFF")),
            JSONMember("availability_topic", .string(topics.availability)),
            JSONMember("payload_available", .string("online")),
            JSONMember("payload_not_available", .string("offline")),
            JSONMember("qos", .number(1)),
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

    /// A binary sensor of device class `problem`: on while a button is held past
    /// `[button] stuck-after` (stuck or shorted, taken as released), off once its line
    /// reads released. Diagnostic, on the board's device.
    public var buttonStuckConfig: JSONValue {
        .object([
            JSONMember("name", .string("Button stuck")),
            JSONMember("unique_id", .string(topics.node + "_button_stuck")),
            JSONMember("device_class", .string("problem")),
            JSONMember("entity_category", .string("diagnostic")),
            JSONMember("state_topic", .string(topics.buttonStuck)),
            JSONMember("payload_on", .string("ON")),
            JSONMember("payload_off", .string("OFF")),
            JSONMember("availability_topic", .string(topics.availability)),
            JSONMember("payload_available", .string("online")),
            JSONMember("payload_not_available", .string("offline")),
            JSONMember("qos", .number(1)),
            // The whole device, as the light's: whichever config Home Assistant reads
            // first names the device (and so the entity's id, `binary_sensor.<host>_button_stuck`).
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
