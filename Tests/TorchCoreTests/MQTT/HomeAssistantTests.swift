import Testing
import TorchCore

/// Home Assistant's side: the commands (JSON light schema, group `"at"`), the state
/// message, the discovery payload, the broker URL and the `[mqtt]` keys.
@Suite struct HomeAssistantTests {
    static func parse(_ text: String, group: Bool = false) -> Result<LightCommand, ControlError> {
        LightCommand.parse(Array(text.utf8), group: group)
    }

    static let dark = TorchStatus(lit: false, litWhileHeld: false, brightness: .full, pattern: .steady,
                                  buttonMode: .smart, stealth: false, sleepRemaining: nil, fading: false)

    @Test func commandsParse() throws {
        let c = try Self.parse(#"{"state":"ON","brightness":40,"effect":"sos","transition":1.5,"flash":"long"}"#).get()
        #expect(c.on == true && c.brightness == Brightness(clamping: 0.4) && c.effect == "sos")
        #expect(c.transition == .milliseconds(1500) && c.flash == .seconds(10))
        #expect(try Self.parse(#"{"state":"OFF"}"#).get().on == false)
        #expect(try Self.parse(#"{"flash":2}"#).get().flash == .seconds(2))
        #expect(try Self.parse(#"{"state":"ON","at":1764547200000}"#, group: true).get().at == 1_764_547_200_000)
    }

    /// Home Assistant offers transitions up to 6553 s: above torch's 3600 s the command is
    /// played with 3600 s (and the asked value kept for the front end's log line), not
    /// refused (which left the light unchanged).
    @Test func longTransitionsAreClamped() throws {
        let c = try Self.parse(#"{"state":"ON","brightness":20,"transition":6553}"#).get()
        #expect(c.transition == .seconds(3600) && c.clampedTransition == 6553 && c.brightness == Brightness(clamping: 0.2))
        let edge = try Self.parse(#"{"transition":3600}"#).get()
        #expect(edge.transition == .seconds(3600) && edge.clampedTransition == nil)
    }

    @Test func badCommandsSayWhat() {
        func message(_ text: String, group: Bool = false) -> String? {
            if case let .failure(e) = Self.parse(text, group: group) { return e.message }
            return nil
        }
        #expect(message("nope")?.hasPrefix("not JSON: ") == true)
        #expect(message("[]") == "expected a JSON object, got an array")
        #expect(message(#"{"state":"on!"}"#) == #"state: "on!" is not valid: expected "ON" or "OFF""#)
        #expect(message(#"{"brightness":0}"#) == #"brightness: 0 is not valid: expected a number from 1 to 100 (OFF is "state":"OFF")"#)
        #expect(message(#"{"brightness":100.5}"#) != nil)
        #expect(message(#"{"transition":-1}"#) == "transition: -1 is not valid: expected seconds from 0 (above 3600 is played as 3600)")
        #expect(message(#"{"flash":0}"#) != nil)
        #expect(message(#"{"at":1}"#) == "at: only group commands carry a start instant")
        #expect(message(#"{"at":1.5}"#, group: true) == "at: 1.5 is not valid: expected Unix milliseconds (a whole number)")
        #expect(message(#"{"at":1e300}"#, group: true) != nil)
        #expect(message(#"{"colour":"red"}"#)?.hasPrefix("unknown key 'colour'") == true)
        // A key is echoed on one line, its control characters escaped, at most 40 of its
        // characters shown: an escaped newline inside a key would split the log line.
        #expect(message(#"{"tr\nsition":1}"#)?.hasPrefix(#"unknown key 'tr\x0asition': expected"#) == true)
        let long = String(repeating: "k", count: 100)
        #expect(message("{\"\(long)\":1}")?.hasPrefix("unknown key '\(String(repeating: "k", count: 40))…': expected") == true)
    }

    @Test func commandsAreIdempotent() throws {
        let lib = PatternLibrary.standard
        var lit = Self.dark
        lit.lit = true
        let on = LightCommand(on: true)
        #expect(try on.request(current: Self.dark, library: lib).get().commands == [.on(nil)])
        #expect(try on.request(current: lit, library: lib).get().commands == [])
        #expect(try LightCommand(on: false).request(current: Self.dark, library: lib).get().commands == [])
        #expect(try LightCommand(on: false).request(current: lit, library: lib).get().commands == [.off])
        let sos = try lib.lookup("sos")
        let cmd = LightCommand(on: true, effect: "sos")
        #expect(try cmd.request(current: lit, library: lib).get().commands == [.pattern(sos)])
        var playing = lit
        playing.pattern = sos
        #expect(try cmd.request(current: playing, library: lib).get().commands == [])
        #expect(try cmd.request(current: playing, library: lib, restart: true).get().commands == [.pattern(sos)])
        let half = Brightness(clamping: 0.5)
        #expect(try LightCommand(on: true, brightness: half).request(current: lit, library: lib).get().commands == [.brightness(half)])
        if case let .failure(e) = LightCommand(on: true, effect: "nope").request(current: lit, library: lib) {
            #expect(e.message.hasPrefix("effect: "))
        } else {
            Issue.record("an unknown effect was accepted")
        }
    }

    /// Home Assistant's flash: of the rest of its message only a brightness applies
    /// (first), so the light comes back as it was; with OFF it is no flash.
    @Test func aFlashKeepsOnlyItsBrightness() throws {
        let lib = PatternLibrary.standard
        let half = Brightness(clamping: 0.5)
        let flash = LightCommand(on: true, brightness: half, effect: "sos", flash: .seconds(2), transition: .seconds(1))
        let r = try flash.request(current: Self.dark, library: lib).get()
        #expect(r.commands == [.brightness(half)] && r.flash == .seconds(2) && r.transition == .seconds(1) && r.patternStart == nil)
        let off = try LightCommand(on: false, flash: .seconds(2)).request(current: Self.dark, library: lib).get()
        #expect(off.commands == [] && off.flash == nil)
    }

    @Test func groupStartOnTheMonotonicClock() {
        let mono = Instant(nanoseconds: 5_000_000_000)
        let real: Int64 = 1_764_547_200_000_000_000
        #expect(LightCommand.anchor(atMs: 1_764_547_200_200, realtimeNs: real, monotonic: mono) == mono + .milliseconds(200))
        #expect(LightCommand.anchor(atMs: 1_764_547_199_900, realtimeNs: real, monotonic: mono) == mono - .milliseconds(100))
        #expect(LightCommand.anchor(atMs: 1_764_547_261_000, realtimeNs: real, monotonic: mono) == nil)
        #expect(LightCommand.anchor(atMs: .max, realtimeNs: real, monotonic: mono) == nil)
    }

    @Test func stateMessage() {
        var s = Self.dark
        #expect(LightStateMessage.json(s, library: .standard).jsonText
                == #"{"state":"OFF","brightness":100,"color_mode":"brightness","effect":"steady"}"#)
        s.lit = true
        s.brightness = Brightness(clamping: 0.374)
        s.pattern = (try? PatternLibrary.standard.lookup("strobe-fast")) ?? .steady
        #expect(LightStateMessage.json(s, library: .standard).jsonText
                == #"{"state":"ON","brightness":37,"color_mode":"brightness","effect":"strobe-fast"}"#)
    }

    @Test func discoveryPayload() {
        let topics = MQTTTopics(base: "torch/pi", group: "torch/all", discoveryPrefix: "homeassistant", node: "torch-pi 5")
        let d = HomeAssistantDiscovery(topics: topics, name: "pi", model: "Raspberry Pi 5", softwareVersion: "torch 0.1.0",
                                       effects: ["steady", "sos"])
        #expect(topics.node == "torch-pi_5")
        #expect(d.messages.count == 2 + GestureTrigger.all.count)
        #expect(d.messages.allSatisfy { $0.retain && $0.qos == .atLeastOnce })
        #expect(d.removals.allSatisfy { $0.payload.isEmpty && $0.retain })
        let c = d.lightConfig
        #expect(c["schema"] == .string("json") && c["command_topic"] == .string("torch/pi/set"))
        #expect(c["supported_color_modes"] == .array([.string("brightness")]))
        #expect(c["effect_list"] == .array([.string("steady"), .string("sos")]))
        #expect(c["device"]?["model"] == .string("Raspberry Pi 5"))
        #expect(d.messages[0].topic == "homeassistant/light/torch-pi_5/light/config")
        // Issue 36: the stuck button's problem sensor.
        #expect(d.messages[1].topic == "homeassistant/binary_sensor/torch-pi_5/button_stuck/config")
        let p = d.buttonStuckConfig
        #expect(p["device_class"] == .string("problem") && p["state_topic"] == .string("torch/pi/button-stuck"))
        #expect(p["unique_id"] == .string("torch-pi_5_button_stuck") && p["entity_category"] == .string("diagnostic"))
        #expect(p["payload_on"] == .string("ON") && p["payload_off"] == .string("OFF"))
        #expect(Array(GestureTrigger.all.map(\.payload).prefix(5)) == ["tap", "double-tap", "hold-start", "long-hold", "hold-end"])
        #expect(GestureTrigger(.press) == nil && GestureTrigger(.release) == nil)
        #expect(GestureTrigger(.doubleTap)?.type == "button_double_press" && GestureTrigger(.doubleTap)?.objectID == "double_tap")
    }

    /// The 3rd to 5th click of a sequence are Home Assistant's triple, quadruple and
    /// quintuple press (the names its UI labels); the 6th and on, the long hold, a
    /// sequence's end and a hold after clicks keep torch's names (the UI has none).
    @Test func triggersUseTheNamesHomeAssistantsUIKnows() {
        let all = GestureTrigger.all.map { "\($0.payload) \($0.type) \($0.subtype)" }
        #expect(all == ["tap button_short_press button_1", "double-tap button_double_press button_1",
                        "hold-start button_long_press button_1", "long-hold button_long_press long_hold",
                        "hold-end button_long_release button_1",
                        "click-3 button_triple_press button_1", "click-4 button_quadruple_press button_1",
                        "click-5 button_quintuple_press button_1", "click button_click button_1",
                        "clicks-ended button_clicks_ended button_1", "click-hold button_click_hold button_1"])
        #expect(GestureTrigger(.click, count: 4)?.payload == "click-4" && GestureTrigger(.click, count: 4)?.objectID == "click_4")
        #expect(GestureTrigger(.click, count: 6) == GestureTrigger(.click))
        #expect(Set(GestureTrigger.all.map(\.objectID)).count == GestureTrigger.all.count, "object ids are unique")
    }

    @Test func brokerURLs() throws {
        #expect(try MQTTBrokerURL.parse("mqtt://localhost") == MQTTBrokerURL(host: "localhost", port: 1883))
        #expect(try MQTTBrokerURL.parse("mqtt://10.0.0.5:1884/") == MQTTBrokerURL(host: "10.0.0.5", port: 1884))
        #expect(try MQTTBrokerURL.parse("mqtt://[fd00::5]:1883") == MQTTBrokerURL(host: "fd00::5", port: 1883))
        #expect(MQTTBrokerURL(host: "::1", port: 1).description == "mqtt://[::1]:1")
        for bad in ["localhost", "mqtt://", "mqtt://a:0", "mqtt://a:65536", "mqtt://a:b", "mqtt://[::1", "mqtt://a b", "http://a"] {
            #expect(throws: ValueError.self, "\(bad)") { try MQTTBrokerURL.parse(bad) }
        }
    }

    @Test func tlsBrokerURLs() throws {
        #expect(try MQTTBrokerURL.parse("mqtts://broker.lan") == MQTTBrokerURL(host: "broker.lan", port: 8883, tls: true))
        #expect(try MQTTBrokerURL.parse("ssl://10.0.0.5:8884") == MQTTBrokerURL(host: "10.0.0.5", port: 8884, tls: true))
        #expect(try MQTTBrokerURL.parse("MQTTS://[fd00::5]").description == "mqtts://[fd00::5]:8883")
        #expect(try MQTTBrokerURL.parse("mqtt://a").tls == false)
        #expect(MQTTBrokerURL(host: "a", tls: true).port == 8883 && MQTTBrokerURL(host: "a").port == 1883)
        for bad in ["mqtts://", "mqtts://a:0", "mqtts://[::1"] {
            #expect(throws: ValueError.self, "\(bad)") { try MQTTBrokerURL.parse(bad) }
        }
    }
}
