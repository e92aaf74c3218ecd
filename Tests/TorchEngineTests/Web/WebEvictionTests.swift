import Testing
import TorchCore
@testable import TorchEngine
#if canImport(Glibc)
import Glibc
#endif

/// At the connection cap a newcomer still gets in (issue 15: held and slow-loris
/// connections must not lock the phone out): which connection makes room, and the real
/// server doing it over loopback TCP.
@Suite(.serialized) struct WebEvictionTests {
    private func candidate(_ fd: Int32, _ host: String, stream: Bool = false, paired: Bool = false, at seconds: Int64,
                           number: Int) -> ConnectionEviction.Candidate {
        ConnectionEviction.Candidate(fd: fd, group: host, isStream: stream, isPaired: paired,
                              lastActivity: Instant(nanoseconds: seconds * 1_000_000_000), number: number)
    }

    @Test func theFloodingHostLosesItsOwnConnectionFirst() {
        // The phone's connection is the longest idle, but the flood's host holds more.
        let all = [candidate(3, "192.168.1.20", at: 1, number: 1),
                   candidate(4, "192.168.1.66", at: 5, number: 2),
                   candidate(5, "192.168.1.66", at: 4, number: 3)]
        #expect(ConnectionEviction.victim(among: all) == 5)
    }

    @Test func unpairedTrafficNeverEvictsAPairedConnection() {
        // Every flood host holds one connection, as many as the phone; the phone is the
        // longest idle, yet an unpaired one goes.
        var all = [candidate(3, "127.0.0.2", paired: true, at: 1, number: 1)]
        for i in 0..<20 { all.append(candidate(Int32(10 + i), "127.0.0.\(3 + i)", at: 5, number: 2 + i)) }
        #expect(ConnectionEviction.victim(among: all) == 10)
        // Only when every connection is paired does a paired one go.
        let paired = [candidate(3, "a", paired: true, at: 1, number: 1), candidate(4, "b", paired: true, at: 2, number: 2)]
        #expect(ConnectionEviction.victim(among: paired) == 3)
    }

    @Test func aPlainConnectionGoesBeforeAnEventStreamThenTheLongestIdleThenTheOldest() {
        let mixed = [candidate(3, "h", stream: true, at: 1, number: 1), candidate(4, "h", at: 9, number: 2)]
        #expect(ConnectionEviction.victim(among: mixed) == 4)
        let idle = [candidate(3, "h", at: 7, number: 1), candidate(4, "h", at: 2, number: 2), candidate(5, "h", at: 5, number: 3)]
        #expect(ConnectionEviction.victim(among: idle) == 4)
        let tied = [candidate(6, "h", at: 2, number: 9), candidate(7, "h", at: 2, number: 4)]
        #expect(ConnectionEviction.victim(among: tied) == 7)
        #expect(ConnectionEviction.victim(among: []) == nil)
    }

    @Test func theHostIsThePeerWithoutItsPort() {
        #expect(ConnectionEviction.host(ofPeer: "127.0.0.1:50412") == "127.0.0.1")
        #expect(ConnectionEviction.host(ofPeer: "[::1]:8080") == "[::1]")
        #expect(ConnectionEviction.host(ofPeer: "peer unknown") == "peer unknown")
    }

    @Test func heldConnectionsDoNotLockOutANewcomer() throws {
        let h = try WebHarness(maxConnections: 2)
        let first = h.connect()
        h.pump()
        h.now = h.now + .seconds(1)
        let second = h.connect()
        h.pump()
        h.now = h.now + .seconds(1)
        let normal = h.connect()
        defer { for fd in [first, second, normal] { close(fd) } }
        h.send(normal, "GET /api/status HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(h.receive(normal).text.hasPrefix("HTTP/1.1 200"))
        // The longest idle (it never sent a byte) made room, closed without a reply.
        let evicted = h.receive(first, pumping: false)
        #expect(evicted.closed && evicted.text.isEmpty)
        #expect(h.server.connectionCount == 2)
    }

    @Test func aSlowLorisClientMakesRoomWith503AndRetryAfter() throws {
        let h = try WebHarness(maxConnections: 1)
        let loris = h.connect()
        h.send(loris, "GET / HTTP/1.1\r\nHo")
        h.pump()
        // Its dribbled bytes do not make it less idle than the newcomer.
        h.send(loris, "s")
        h.now = h.now + .seconds(1)
        h.pump()
        let normal = h.connect()
        defer { close(loris); close(normal) }
        h.send(normal, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(h.receive(normal).text.hasPrefix("HTTP/1.1 200"))
        let (text, closed) = h.receive(loris, pumping: false)
        #expect(text.hasPrefix("HTTP/1.1 503"))
        #expect(text.contains("Retry-After: 1"))
        #expect(closed)
    }

    @Test func aBurstOfConnectsDoesNotEvictAClientBeforeItsRequestIsRead() throws {
        // The normal client connects and sends first; then 10 connections pour in. With
        // every connect accepted in one turn, the later ones would evict it unread.
        let h = try WebHarness(maxConnections: 4)
        let normal = h.connect()
        h.send(normal, "GET /api/status HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let flood = (0..<10).map { _ in h.connect() }
        defer { for fd in [normal] + flood { close(fd) } }
        let (text, _) = h.receive(normal)
        #expect(text.hasPrefix("HTTP/1.1 200"))
    }

    @Test func anotherHostsConnectionSurvivesAFloodFromOneHost() throws {
        let h = try WebHarness(maxConnections: 3)
        let phone = h.connect(from: 0x7F00_0002)  // 127.0.0.2: another host
        h.send(phone, "GET /api/status HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(h.receive(phone).text.hasPrefix("HTTP/1.1 200"))
        h.now = h.now + .seconds(5)
        // The phone's keep-alive connection is now the longest idle of all.
        let flood = (0..<8).map { _ in h.connect() }
        h.pump()
        defer { for fd in [phone] + flood { close(fd) } }
        h.send(phone, "GET /api/status HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let (text, closed) = h.receive(phone)
        #expect(text.hasPrefix("HTTP/1.1 200") && !closed)
        #expect(h.server.connectionCount == 3)
    }

    @Test func anEvictedEventStreamIsReportedClosed() throws {
        // The dead-man rule: a page whose stream is gone lets go of a held press.
        let h = try WebHarness(maxConnections: 1)
        let page = h.connect()
        defer { close(page) }
        h.send(page, "GET /api/events?client=page1 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        h.pump { r, _, _ in .events(client: r.queryValue("client"), first: "event: status\ndata: {}\n\n") }
        #expect(h.server.streamClients == ["page1"])
        let other = h.connect()
        defer { close(other) }
        h.pump()
        #expect(h.closedStreams == ["page1"])
        #expect(h.server.streamClients.isEmpty)
    }

    @Test func aPairedPhoneSurvivesAFloodFromDozensOfAddresses() throws {
        var template = Array("/tmp/torch-evict-XXXXXX".utf8CString)
        let dir = try #require(mkdtemp(&template).map { String(cString: $0) })
        let tokenPath = dir + "/web-token"
        let token = "pairedphonetoken0123456789"
        let file = try #require(fopen(tokenPath, "w"))
        fputs(token + "\n", file)
        fclose(file)
        defer { unlink(tokenPath); rmdir(dir) }
        let h = try WebHarness(maxConnections: 6, stateFile: dir + "/state")
        // The old single-token file is read as a phone; its page traded it for a session.
        let paired = try #require(h.server.pairing.phone(presenting: token))
        let session = try h.server.pairing.openSession(for: paired)
        let phone = h.connect(from: 0x7F00_0002)
        h.send(phone, "GET /api/status HTTP/1.1\r\nHost: localhost\r\nCookie: torch_session=\(session)\r\n\r\n")
        #expect(h.receive(phone).text.hasPrefix("HTTP/1.1 200"))
        h.now = h.now + .seconds(5)
        // 40 connections from 127.0.0.3 … 127.0.0.42, one each: every host holds as
        // many as the phone, and the phone's keep-alive is the longest idle of all.
        var flood: [Int32] = []
        for i in 0..<40 {
            let fd = h.connect(from: UInt32(0x7F00_0003 + i))
            h.send(fd, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            flood.append(fd)
            h.pump()
            h.now = h.now + .milliseconds(10)
        }
        defer { for fd in [phone] + flood { close(fd) } }
        h.send(phone, "GET /api/status HTTP/1.1\r\nHost: localhost\r\nCookie: torch_session=\(session)\r\n\r\n")
        let (text, closed) = h.receive(phone)
        #expect(text.hasPrefix("HTTP/1.1 200") && !closed)
        #expect(h.server.connectionCount == 6)
    }
}
