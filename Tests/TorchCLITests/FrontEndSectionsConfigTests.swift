import Testing
@testable import torch
import TorchCore
import TorchEngine

/// The front ends' sections (`[mqtt]`, `[web]`) as every config file is read: with the
/// executable's list of front end kinds.
@Suite struct FrontEndSectionsConfigTests {
    func errors(_ text: String) -> [String] { configErrorLines(text) }

    @Test func unknownSectionListsTheFrontEnds() {
        let text = """
            [buton]
            mode = smart
            [network]
            port = 80
            """
        // Keys under an unknown section are not reported again.
        #expect(errors(text) == [
            "torch.conf:1: unknown section [buton]; did you mean [button]?",
            "torch.conf:3: unknown section [network]; expected one of [light], [button], [gestures], [output], [feedback], [board], [service], [mqtt], [web], [sensor] or [pattern.NAME]",
        ])
    }

    @Test func mqttKeys() throws {
        let c = try TorchConfig.parse("""
            [mqtt]
            broker = mqtt://broker.lan:1884
            username = torch
            password-file = /etc/torch/mqtt-password
            client-id = kitchen
            base-topic = home/kitchen/torch
            discovery-prefix = ha
            discovery = no
            keepalive = 1min
            group-topic = home/torches
            """, file: "torch.conf", frontEnds: FrontEndKinds.sections)
        #expect(c[MQTTSection.self].broker == MQTTBrokerURL(host: "broker.lan", port: 1884))
        #expect(c[MQTTSection.self].username == "torch" && c[MQTTSection.self].passwordFile == "/etc/torch/mqtt-password")
        #expect(c[MQTTSection.self].clientID == "kitchen" && c[MQTTSection.self].baseTopic == "home/kitchen/torch")
        #expect(c[MQTTSection.self].discoveryPrefix == "ha" && c[MQTTSection.self].discovery == false)
        #expect(c[MQTTSection.self].keepalive == .seconds(60) && c[MQTTSection.self].groupTopic == "home/torches")
        #expect(TorchConfig.defaults[MQTTSection.self].broker == nil && TorchConfig.defaults[MQTTSection.self].keepalive == .seconds(30))
        #expect(errors("[mqtt]\nkeepalive = 500ms") == [
            "torch.conf:2: keepalive: '500ms' is not valid: expected a duration from 1s to 65535s",
        ])
        #expect(errors("[mqtt]\nbase-topic = a/+/b").first?.hasPrefix("torch.conf:2: base-topic: 'a/+/b' is not valid: expected an MQTT topic") == true)
        #expect(errors("[mqtt]\nbroker = mqtts://x").isEmpty)
        #expect(errors("[mqtt]\nbroker = mqtts://x\ncert-file = /c.pem").first?.contains("cert-file needs key-file") == true)
        #expect(errors("[mqtt]\nbroker = mqtts://x\nkey-file = /k.pem").first?.contains("key-file needs cert-file") == true)
    }

    @Test func webKeys() throws {
        let c = try TorchConfig.parse("[web]\nlisten = 0.0.0.0:8080\nhosts = torch.lan, 192.168.1.20\npairing = required\n",
                                      file: "torch.conf", frontEnds: FrontEndKinds.sections)
        #expect(c[WebSection.self].listen?.port == 8080)
        #expect(c[WebSection.self].hosts == ["torch.lan", "192.168.1.20"] && c[WebSection.self].pairing == .required)
        #expect(TorchConfig.defaults[WebSection.self].listen == nil)
        #expect(errors("[web]\nlisen = 1") == ["torch.conf:2: unknown key 'lisen' in [web]; did you mean 'listen'?"])
        #expect(errors("broker = mqtt://x") == ["torch.conf:1: 'broker' is outside any section: put it under [mqtt]"])
    }
}
