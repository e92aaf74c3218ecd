import Testing
import TorchCore

/// The LED-dark problem sensor in Home Assistant, shaped as the stuck button's: a binary
/// sensor of class `problem` on its own retained `ON`/`OFF` topic, announced only while a
/// light sensor watches the LED (removed otherwise, and by `mqtt forget`).
@Suite struct ProblemSensorTests {
    let topics = MQTTTopics(base: "torch/pi", group: "torch/all", discoveryPrefix: "homeassistant", node: "torch-pi")
    var discovery: HomeAssistantDiscovery {
        HomeAssistantDiscovery(topics: topics, name: "pi", model: "Raspberry Pi 5", softwareVersion: "torch 0.1.0", effects: ["steady"])
    }

    @Test func theLEDDarkSensorIsAProblemOnItsOwnTopic() {
        #expect(discovery.ledDarkConfig.jsonText == #"{"name":"LED dark","unique_id":"torch-pi_led_dark","device_class":"problem","#
                + #""entity_category":"diagnostic","state_topic":"torch/pi/led-dark","payload_on":"ON","payload_off":"OFF","#
                + #""availability_topic":"torch/pi/availability","payload_available":"online","payload_not_available":"offline","#
                + #""qos":1,"device":{"identifiers":["torch-pi"],"name":"pi","model":"Raspberry Pi 5","manufacturer":"torch","#
                + #""sw_version":"torch 0.1.0"}}"#)
        #expect(topics.ledDarkConfig == "homeassistant/binary_sensor/torch-pi/led_dark/config")
        #expect(topics.ledDark == "torch/pi/led-dark")
        // Beside the stuck button's, not in its place.
        #expect(discovery.buttonStuckConfig["unique_id"] != discovery.ledDarkConfig["unique_id"])
    }

    @Test func announcedWhileWatchedRemovedOtherwise() {
        let on = discovery.ledDarkMessage(watched: true)
        #expect(on.retain && !on.payload.isEmpty && on.topic == topics.ledDarkConfig)
        let off = discovery.ledDarkMessage(watched: false)
        #expect(off.retain && off.payload.isEmpty && off.topic == topics.ledDarkConfig)
        #expect(!discovery.messages.contains { $0.topic == topics.ledDarkConfig })
        #expect(discovery.removals.contains { $0.topic == topics.ledDarkConfig && $0.payload.isEmpty })
    }

    @Test func theLightsStateCarriesNoProblem() {
        var s = TorchStatus(lit: true, litWhileHeld: false, brightness: .full, pattern: .steady, buttonMode: .smart,
                            stealth: false, sleepRemaining: nil, fading: false)
        s.ledDark = true
        #expect(LightStateMessage.json(s, library: .standard).jsonText
                == #"{"state":"ON","brightness":100,"color_mode":"brightness","effect":"steady"}"#)
    }
}
