import Testing
import TorchCore

/// The LED-dark problem sensor in Home Assistant: announced only while torch watches the
/// LED (removed otherwise, and by `mqtt forget`), read from the light's retained state.
@Suite struct ProblemSensorTests {
    let topics = MQTTTopics(base: "torch/pi", group: "torch/all", discoveryPrefix: "homeassistant", node: "torch-pi")
    var discovery: HomeAssistantDiscovery {
        HomeAssistantDiscovery(topics: topics, name: "pi", model: "Raspberry Pi 5", softwareVersion: "torch 0.1.0", effects: ["steady"])
    }

    @Test func theBinarySensorIsAProblemReadFromTheState() {
        let c = discovery.problemConfig(.ledDark)
        #expect(c.jsonText == #"{"name":"LED dark","unique_id":"torch-pi_led_dark","device_class":"problem","#
                + #""entity_category":"diagnostic","state_topic":"torch/pi/state","#
                + #""value_template":"{{ 'ON' if value_json.led_dark else 'OFF' }}","availability_topic":"torch/pi/availability","#
                + #""payload_available":"online","payload_not_available":"offline","qos":1,"device":{"identifiers":["torch-pi"],"#
                + #""name":"pi","model":"Raspberry Pi 5","manufacturer":"torch","sw_version":"torch 0.1.0"}}"#)
        #expect(topics.problemConfig(.ledDark) == "homeassistant/binary_sensor/torch-pi/led_dark/config")
    }

    @Test func announcedWhileWatchedRemovedOtherwise() {
        let on = discovery.problemMessages(watched: [.ledDark])
        #expect(on.count == 1 && on[0].retain && !on[0].payload.isEmpty)
        let off = discovery.problemMessages(watched: [])
        #expect(off.count == 1 && off[0].retain && off[0].payload.isEmpty && off[0].topic == on[0].topic)
        #expect(discovery.removals.contains { $0.topic == "homeassistant/binary_sensor/torch-pi/led_dark/config" && $0.payload.isEmpty })
    }

    @Test func theStateCarriesTheProblemOnlyWhenWatched() {
        var s = TorchStatus(lit: true, litWhileHeld: false, brightness: .full, pattern: .steady, buttonMode: .smart,
                            stealth: false, sleepRemaining: nil, fading: false)
        #expect(LightStateMessage.json(s, library: .standard).jsonText
                == #"{"state":"ON","brightness":100,"color_mode":"brightness","effect":"steady"}"#)
        #expect(ProblemSensor.watched(in: s).isEmpty)
        s.ledDark = true
        #expect(LightStateMessage.json(s, library: .standard).jsonText
                == #"{"state":"ON","brightness":100,"color_mode":"brightness","effect":"steady","led_dark":true}"#)
        #expect(ProblemSensor.watched(in: s) == [.ledDark])
    }
}
