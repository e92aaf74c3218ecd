import Testing
import TorchCore
import TorchEngine
import TorchHardware
import TorchTesting

/// A group command's `"at"` (Unix milliseconds) is read on the service's wall clock:
/// through the real turn of an embedded service, a scripted broker and manual clocks,
/// the pattern starts at the agreed instant, and an `at` too far from the wall clock is
/// refused in one line.
@Suite struct MQTTGroupAtTests {
    final class Lines { var all: [String] = [] }

    /// The service with an MQTT front end connected to `broker` at 1 s: CONNECT answered.
    static func connected(_ broker: ScriptedBroker, _ lines: Lines) throws -> (EmbeddedService, MQTTFrontEnd) {
        let topics = MQTTTopics(base: "torch/t", group: "torch/all", discoveryPrefix: "homeassistant", node: "t")
        let session = MQTTFrontEndSettings.session(clientID: "t", keepalive: .seconds(60), username: nil, password: nil,
                                                   topics: topics, discovery: false)
        let settings = MQTTFrontEndSettings(broker: try MQTTBrokerURL.parse("mqtt://127.0.0.1:1883"),
                                            session: session, topics: topics, discovery: nil)
        let resolver = ScriptedResolver(try SocketAddress.resolve(host: "127.0.0.1", port: 1883, numericOnly: true))
        let frontEnd = MQTTFrontEnd(settings: settings, seed: 1, at: .zero, resolver: resolver, connect: broker.connect) { _, l in
            lines.all.append(l)
        }
        let clock = ManualClock()
        var options = ServiceOptions(controller: ControllerSettings(torch: TorchSettings(patterns: [.steady, .sos]),
                                                                    mapping: OutputMapping(curve: .linear)),
                                     scheduler: SchedulerSettings(realtimePriority: nil, lockMemory: false), frontEnds: [frontEnd])
        options.verbose = false
        let e = EmbeddedService(output: SimulatedOutput(clock: clock), options: options, clock: clock)
        #expect(e.begin() == nil)
        e.waits.ready([ScriptedBroker.descriptor], at: atMs(500))
        #expect(e.run(until: atMs(600)))
        try broker.queue(.connack(sessionPresent: false, returnCode: 0))
        e.waits.ready([ScriptedBroker.descriptor], at: atMs(1000))
        #expect(e.run(until: atMs(1000)))
        #expect(frontEnd.isConnected)
        return (e, frontEnd)
    }

    /// A group command from the broker, arriving at `t`.
    static func group(_ payload: String, _ broker: ScriptedBroker, _ e: EmbeddedService, at t: Instant) throws {
        try broker.queue(.publish(MQTTMessage(topic: "torch/all", payload: Array(payload.utf8)), packetID: nil, dup: false))
        e.waits.ready([ScriptedBroker.descriptor], at: t)
        #expect(e.run(until: t))
    }

    @Test func aGroupPatternStartsAtItsAtOnTheWallClock() throws {
        let broker = ScriptedBroker()
        let lines = Lines()
        let (e, _) = try Self.connected(broker, lines)
        // The wall clock is a minute ahead of where it started (NTP stepped it): "at"
        // is read on it, not on the monotonic clock.
        e.wallClock.step(by: .seconds(60))
        let at = e.wallClock.unixMilliseconds(at: atMs(3000))
        try Self.group(#"{"state":"ON","effect":"sos","at":\#(at)}"#, broker, e, at: atMs(1500))
        let program = try #require(e.player.programs.last)
        #expect(program.startedAt == atMs(3000), "\(lines.all)")
        #expect(e.service.controller.lastCommandOrigin == .mqtt)
        #expect(e.stop() == 0)
    }

    /// A Pi without a clock: once a group pattern runs, steps of the wall clock (+1 year,
    /// then -1 hour) move nothing; an "at" from a clock a year behind is refused.
    @Test func steppingTheWallClockMovesNoRunningPattern() throws {
        let broker = ScriptedBroker()
        let lines = Lines()
        let (e, _) = try Self.connected(broker, lines)
        let at = e.wallClock.unixMilliseconds(at: atMs(2000))
        try Self.group(#"{"state":"ON","effect":"sos","at":\#(at)}"#, broker, e, at: atMs(1500))
        let program = try #require(e.player.programs.last)
        let sampled = (0..<40).map { e.duty(at: atMs(2000 + 250 * Int64($0))) }
        let programs = e.player.programs.count
        e.wallClock.step(by: .seconds(31_536_000))
        #expect(e.run(until: atMs(5000)))
        e.wallClock.step(by: .seconds(-3600))
        #expect(e.run(until: atMs(9000)))
        #expect(e.player.programs.count == programs, "no program handed over by a step")
        #expect(e.player.programs.last == program)
        #expect((0..<40).map { e.duty(at: atMs(2000 + 250 * Int64($0))) } == sampled, "the same SOS on the same instants")
        // A publisher a year behind this board: refused in one line, the light as it was.
        let behind = e.wallClock.unixMilliseconds(at: atMs(9500)) - 31_536_000_000 + 3_600_000
        try Self.group(#"{"state":"ON","effect":"steady","at":\#(behind)}"#, broker, e, at: atMs(9500))
        #expect(e.player.programs.count == programs)
        #expect(lines.all.contains { $0.hasPrefix("mqtt: torch/all: at: \(behind) is more than 1min from this board's clock") }, "\(lines.all)")
        #expect(e.stop() == 0)
    }

    @Test func anAtFarFromTheWallClockIsRefused() throws {
        let broker = ScriptedBroker()
        let lines = Lines()
        let (e, _) = try Self.connected(broker, lines)
        let programs = e.player.programs.count
        let at = e.wallClock.unixMilliseconds(at: atMs(1500)) + 61_000
        try Self.group(#"{"state":"ON","effect":"sos","at":\#(at)}"#, broker, e, at: atMs(1500))
        #expect(e.player.programs.count == programs)
        let now = e.wallClock.unixMilliseconds(at: atMs(1500))
        #expect(lines.all.contains("mqtt: torch/all: at: \(at) is more than 1min from this board's clock (\(now)); the light is unchanged"),
                "\(lines.all)")
        #expect(e.stop() == 0)
    }
}
