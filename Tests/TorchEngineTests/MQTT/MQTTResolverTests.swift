import Testing
import TorchCore
import TorchEngine
import TorchHardware
import TorchTesting

/// No name lookup on the event loop: the broker's name is resolved in the background and
/// the answer handed to the loop, so a resolver that never answers delays only MQTT.
@Suite struct MQTTResolverTests {
    /// A resolver whose lookup never comes back (a DNS server that swallows queries).
    final class SilentResolver: HostResolving {
        var starts = 0
        private var pending = false
        func start(host: String, port: Int) {
            guard !pending else { return }
            pending = true
            starts += 1
        }
        func take() -> Result<[SocketAddress], HardwareError>? { nil }
        var isPending: Bool { pending }
        var readyDescriptor: Int32 { -1 }
    }

    final class Lines { var all: [String] = [] }

    @Test func aResolverThatNeverAnswersDelaysOnlyTheMQTTConnection() throws {
        let topics = MQTTTopics(base: "torch/t", group: "torch/all", discoveryPrefix: "homeassistant", node: "t")
        let session = MQTTFrontEndSettings.session(clientID: "t", keepalive: .seconds(5), username: nil, password: nil,
                                                   topics: topics, discovery: false)
        let settings = MQTTFrontEndSettings(broker: try MQTTBrokerURL.parse("mqtt://broker.invalid:1883"),
                                            session: session, topics: topics, discovery: nil)
        let resolver = SilentResolver()
        let lines = Lines()
        let frontEnd = MQTTFrontEnd(settings: settings, seed: 1, at: .zero, resolver: resolver) { _, l in lines.all.append(l) }
        // Two minutes of the real turn on a manual clock, at the service's own deadlines;
        // each turn returns (nothing waits for the lookup), and the controller answers.
        let clock = ManualClock()
        let keeper = EmbeddedServiceTests.ContextKeeper()
        var options = ServiceOptions(controller: ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .linear)),
                                     scheduler: SchedulerSettings(realtimePriority: nil, lockMemory: false), frontEnds: [frontEnd, keeper])
        options.verbose = false
        let e = EmbeddedService(output: SimulatedOutput(clock: clock), options: options, clock: clock)
        #expect(e.begin() == nil)
        for second in 1...120 {
            #expect(e.run(until: atMs(Int64(second) * 1000)))
            #expect(e.service.controller.handle(.request(ControlRequest(.status), from: .socket, at: clock.now())).ok)
        }
        #expect(!frontEnd.session.isConnected)
        // One lookup in flight, whatever the reconnect attempts: no thread piles up.
        #expect(resolver.starts == 1)
        #expect(lines.all.contains { $0.contains("reconnecting in") })
        #expect(frontEnd.pollDescriptors.isEmpty)
        // What GET /metrics says of it, through the service's own exposition.
        let text = keeper.context?.metricsText() ?? ""
        #expect(text.contains("\ntorch_mqtt_connected 0\n") && text.contains("\ntorch_mqtt_reconnects_total 0\n"), "\(text)")
        #expect(text.contains("torch_requests_total{front_end=\"mqtt\"} 0"))
        #expect(e.stop() == 0)
    }
}
