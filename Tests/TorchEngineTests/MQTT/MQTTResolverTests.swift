import Testing
import TorchCore
import TorchEngine
import TorchHardware

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
        let rig = TorchRig()
        // Two minutes on a manual clock, turn by turn at the front end's own deadlines;
        // each turn returns (nothing waits for the lookup), and the controller answers.
        var t = Instant.zero
        var turns = 0
        while t < atMs(120_000), turns < 10_000 {
            frontEnd.serve(ready: [], at: t, controller: rig.controller)
            #expect(rig.controller.respond(to: ControlRequest(.status), from: .socket, at: t).ok)
            t = max(t + .milliseconds(1), frontEnd.nextDeadline ?? t + .seconds(1))
            turns += 1
        }
        #expect(!frontEnd.session.isConnected)
        // One lookup in flight, whatever the reconnect attempts: no thread piles up.
        #expect(resolver.starts == 1)
        #expect(lines.all.contains { $0.contains("reconnecting in") })
        #expect(frontEnd.pollDescriptors.isEmpty)
    }
}
