/// Every topic one board uses, from the `[mqtt]` settings. `node` is the board's id in
/// Home Assistant (discovery topics, `unique_id`): the client id made fit for a topic level.
public struct MQTTTopics: Equatable, Sendable {
    /// `base-topic` (default `torch/<hostname>`).
    public var base: String
    /// `group-topic` (default `torch/all`): commands to every board.
    public var group: String
    /// `discovery-prefix` (default `homeassistant`).
    public var discoveryPrefix: String
    public var node: String

    public init(base: String, group: String, discoveryPrefix: String, node: String) {
        self.base = base
        self.group = group
        self.discoveryPrefix = discoveryPrefix
        self.node = MQTTTopic.level(node)
    }

    /// Commands to this board (JSON, Home Assistant's light schema).
    public var command: String { base + "/set" }
    /// The light's state, retained JSON.
    public var state: String { base + "/state" }
    /// `online` / `offline`, retained (the will says `offline`).
    public var availability: String { base + "/availability" }
    /// One message per recognised button gesture (`tap`, `double-tap`…), not retained.
    public var gesture: String { base + "/gesture" }
    /// Home Assistant's birth and will (`online` when it starts).
    public var homeAssistantStatus: String { discoveryPrefix + "/status" }
    /// The light entity's discovery config.
    public var lightConfig: String { "\(discoveryPrefix)/light/\(node)/light/config" }
    /// `ON` while a button is stuck (held past `[button] stuck-after`), else `OFF`, retained:
    /// the problem sensor's state.
    public var buttonStuck: String { base + "/button-stuck" }
    /// The problem sensor's discovery config (a binary sensor of device class problem).
    public var buttonStuckConfig: String { "\(discoveryPrefix)/binary_sensor/\(node)/button_stuck/config" }

    /// `ON` while the light sensor reads the lit LED dark, else `OFF`, retained: the
    /// LED-dark problem sensor's state (only while a light sensor watches the LED).
    public var ledDark: String { base + "/led-dark" }
    /// The LED-dark problem sensor's discovery config.
    public var ledDarkConfig: String { "\(discoveryPrefix)/binary_sensor/\(node)/led_dark/config" }

    /// A device trigger's discovery config.
    public func triggerConfig(_ trigger: GestureTrigger) -> String {
        "\(discoveryPrefix)/device_automation/\(node)/\(trigger.objectID)/config"
    }
}
