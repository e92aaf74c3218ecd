import Testing
import TorchCore
import TorchEngine
#if canImport(Glibc)
import Glibc
#endif

/// Issue 36: web connections do not flood the log. A slow-header attack (connections
/// that send part of a request and wait, hundreds of them, evicting each other) is at
/// most 20 lines one by one per 10 s, then one line with the count of the rest.
@Suite(.serialized) struct WebLogFloodTests {
    final class Lines: @unchecked Sendable {
        var all: [String] = []
    }

    @Test func aSlowHeaderFloodIsBoundedWithASummaryLine() throws {
        let lines = Lines()
        let h = try WebHarness { _, line in lines.all.append(line) }
        var open: [Int32] = []
        defer { for fd in open { close(fd) } }
        // 10 waves of 20 connections, each with half a request, half a second apart.
        for _ in 0..<10 {
            for _ in 0..<20 {
                let fd = h.connect()
                h.send(fd, "GET / HTTP/1.1\r\nHost: local")
                open.append(fd)
            }
            h.pump()
            h.now = h.now + .milliseconds(500)
            _ = h.server.expire(now: h.now)
        }
        let flood = lines.all.filter { !$0.hasPrefix("web: serving") }
        #expect(flood.count == 20, "20 lines one by one in the window, each whole: \(flood.count)")
        // The window ends 10 s after its first line: the rest is one line; the requests
        // still open time out then, the first of a new window.
        h.now = h.now + .seconds(10)
        #expect(h.server.nextDeadline != nil)
        _ = h.server.expire(now: h.now)
        let after = Array(lines.all.dropFirst(flood.count + 1))
        let summary = after.first ?? ""
        #expect(summary.contains("more connection lines not logged in 10s (after 20 one by one): a flood of connections?"),
                "\(summary)")
        let counted = Int(summary.split(separator: " ").dropFirst().first ?? "") ?? 0
        #expect(counted > 150, "200 connections opened and evicted: \(counted) counted")
        #expect(after.count <= 21, "then again at most 20 one by one: \(after.count)")
    }

    @Test func aFewConnectionsAreEachLoggedWhole() throws {
        let lines = Lines()
        let h = try WebHarness { _, line in lines.all.append(line) }
        for _ in 0..<3 {
            let fd = h.connect()
            h.send(fd, "GET /missing HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = h.receive(fd)
            close(fd)
            h.pump()
        }
        h.now = h.now + .seconds(20)
        _ = h.server.expire(now: h.now)
        #expect(!lines.all.contains { $0.contains("not logged") }, "\(lines.all)")
        #expect(lines.all.filter { $0.contains("connected (") }.count == 3, "\(lines.all)")
    }
}
