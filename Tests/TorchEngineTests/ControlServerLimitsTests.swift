import Testing
import TorchCore
@testable import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// Issue 15, finding 3: held, slow and keep-alive connections must not lock out a
/// normal client. Idle expiry is driven by the harness's manual clock, never by sleeps.
@Suite(.serialized) struct ControlServerLimitsTests {
    @Test func aNormalClientIsServedWhile200ConnectionsAreHeld() throws {
        let h = try ControlHarness()
        let held = try h.connect(200, apart: .milliseconds(10))
        defer { for fd in held { close(fd) } }
        #expect(h.server.clientCount == 8)
        let normal = try h.connect()
        defer { close(normal) }
        h.send(normal, "{\"cmd\":\"status\"}\n")
        #expect(h.reply(normal) == "{\"ok\":true,\"lit\":true}\n")
        #expect(h.server.clientCount == 8)
    }

    @Test func aFullSocketEvictsTheLongestIdleClient() throws {
        let h = try ControlHarness(maxClients: 3)
        var fds = try h.connect(3, apart: .seconds(1))
        defer { for fd in fds { close(fd) } }
        // The first asks something, so the second is now the longest idle.
        h.send(fds[0], "{\"cmd\":\"off\"}\n")
        #expect(h.reply(fds[0]) == "{\"ok\":true}\n")
        h.clock.advance(by: .seconds(1))
        let newcomer = try h.connect()
        fds.append(newcomer)
        h.pump(rounds: 1)
        #expect(h.reply(fds[1]) == "{\"ok\":false,\"error\":\"closed to make room for a new client: at most 3 at once\"}\n")
        #expect(h.isClosed(fds[1]))
        #expect(h.server.clientCount == 3)
        #expect(h.log.contains { $0.hasPrefix("notice: control: client 2 disconnected (uid \(getuid())") && $0.hasSuffix("evicted for a new client") })
        h.send(newcomer, "{\"cmd\":\"status\"}\n")
        #expect(h.reply(newcomer) == "{\"ok\":true,\"lit\":true}\n")
        h.send(fds[0], "{\"cmd\":\"status\"}\n")
        #expect(h.reply(fds[0]) == "{\"ok\":true,\"lit\":true}\n")
    }

    /// Something a client sends after waiting `after` seconds.
    struct Traffic: Sendable {
        var after: Int64
        var text: String
    }

    /// Dribbled bytes (one a second, never a whole line) and keep-alive blank lines are
    /// not requests: the connection still closes 30 s after it was made.
    @Test(arguments: [
        Array(repeating: Traffic(after: 1, text: "x"), count: 29),
        [Traffic(after: 25, text: "\n \r\n"), Traffic(after: 4, text: "\n")],
    ])
    func trafficThatIsNotARequestDoesNotHoldAConnection(_ schedule: [Traffic]) throws {
        let h = try ControlHarness(idle: .seconds(30))
        let fd = try h.connect()
        defer { close(fd) }
        h.pump(rounds: 1)
        let connectedAt = h.clock.now()
        for t in schedule {
            h.clock.advance(by: .seconds(t.after))
            h.send(fd, t.text)
            h.pump(rounds: 2)
        }
        #expect(h.server.clientCount == 1)
        #expect(h.server.nextDeadline == connectedAt + .seconds(30))
        h.clock.advance(to: connectedAt + .seconds(30))
        h.server.expire(now: h.clock.now())
        #expect(h.server.clientCount == 0)
        #expect(h.reply(fd) == "{\"ok\":false,\"error\":\"idle for 30s: connection closed\"}\n")
    }

    @Test func aCompleteRequestRestartsTheIdleTime() throws {
        let h = try ControlHarness(idle: .seconds(30))
        let fd = try h.connect()
        defer { close(fd) }
        h.pump(rounds: 1)
        h.clock.advance(by: .seconds(20))
        // Half a request now, the rest later: the clock restarts when the line completes.
        h.send(fd, "{\"cmd\":")
        h.pump(rounds: 1)
        h.clock.advance(by: .seconds(5))
        h.send(fd, "\"off\"}\n")
        #expect(h.reply(fd) == "{\"ok\":true}\n")
        #expect(h.server.nextDeadline == h.clock.now() + .seconds(30))
    }

    // MARK: - Choosing whom to evict (uids other than the test's own)

    /// The control socket's candidates are grouped by uid, as `ControlServer` groups them.
    private func candidate(_ fd: Int32, uid: UInt32?, at seconds: Int64, number: Int) -> ConnectionEviction.Candidate {
        .init(fd: fd, group: uid.map { "uid \($0)" } ?? "peer unknown",
              lastActivity: Instant(nanoseconds: seconds * 1_000_000_000), number: number)
    }

    @Test func theUidHoldingMostConnectionsLosesOneFirst() {
        // uid 1000 is the oldest idle, but uid 2000 holds three slots.
        let all = [candidate(3, uid: 1000, at: 1, number: 1), candidate(4, uid: 2000, at: 5, number: 2),
                   candidate(5, uid: 2000, at: 4, number: 3), candidate(6, uid: 2000, at: 6, number: 4)]
        #expect(ConnectionEviction.victim(among: all) == 5)
    }

    @Test func amongEquallyHeldTheLongestIdleThenTheOldestGoes() {
        let idle = [candidate(3, uid: 1000, at: 9, number: 1), candidate(4, uid: 2000, at: 2, number: 2)]
        #expect(ConnectionEviction.victim(among: idle) == 4)
        let tied = [candidate(7, uid: nil, at: 2, number: 5), candidate(8, uid: nil, at: 2, number: 4)]
        #expect(ConnectionEviction.victim(among: tied) == 8)
        #expect(ConnectionEviction.victim(among: []) == nil)
    }
}
