import Testing
import TorchCore
@testable import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// A real web server on a free loopback port, pumped from the test's thread with
/// manual instants; clients are real TCP connections.
final class WebHarness {
    let server: WebServer
    var now = Instant(nanoseconds: 1_000_000_000)
    var closedStreams: [String] = []

    init(maxConnections: Int = 16, controlSocket: String? = nil, stateFile: String = "/nonexistent/state",
         log: @escaping WebServer.Log = { _, _ in }) throws {
        var s = WebServerSettings(listen: WebListenAddress(host: "127.0.0.1", port: 0, isIPv6: false),
                                  allowedHosts: ["localhost"], pairingRequired: false,
                                  tokenFiles: WebTokenFiles(stateFile: stateFile))
        s.maxConnections = maxConnections
        s.controlSocketPath = controlSocket
        server = try WebServer(settings: s, log: log)
    }

    var port: UInt16 { server.port ?? 0 }

    /// Serves everything ready, a few times (a connection's bytes may take a moment).
    func pump(_ handle: (HTTPRequest, WebClient, Instant) -> WebServer.Action = { _, _, _ in .reply(.text(.ok, "hi")) }) {
        for _ in 0..<5 {
            var fds = server.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 20)
            closedStreams += server.serve(ready: Set(fds.filter { $0.revents != 0 }.map(\.fd)), now: now, handle)
        }
    }

    /// A TCP connection to the server; `from`: the source address (another loopback
    /// address, e.g. 127.0.0.2, to be another host).
    func connect(from source: UInt32? = nil) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = source.bigEndian
            _ = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        var sa = sockaddr_in()
        sa.sin_family = sa_family_t(AF_INET)
        sa.sin_port = port.bigEndian
        sa.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var tv = timeval(tv_sec: 2, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        _ = withUnsafePointer(to: &sa) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        return fd
    }

    func send(_ fd: Int32, _ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What arrived within the receive timeout, or until the peer closed ("" + closed).
    func receive(_ fd: Int32, pumping: Bool = true) -> (text: String, closed: Bool) {
        if pumping { pump() }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        var tv = timeval(tv_sec: 0, tv_usec: 200_000)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        while true {
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { out += buf[0..<n]; continue }
            return (String(decoding: out, as: UTF8.self), n == 0)
        }
    }
}

@Suite(.serialized) struct WebServerTests {
    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let h = try WebHarness()
        let c = h.connect()
        defer { close(c) }
        h.send(c, "GET /a HTTP/1.1\r\nHost: localhost\r\n\r\nGET /b HTTP/1.1\r\nHost: localhost\r\n\r\n")
        var paths: [String] = []
        h.pump { r, _, _ in paths.append(r.path); return .reply(.text(.ok, r.path)) }
        let (text, closed) = h.receive(c, pumping: false)
        #expect(paths == ["/a", "/b"])
        #expect(text.components("HTTP/1.1 200 OK") == 2 && !closed)
        #expect(text.contains("frame-ancestors 'none'"))
    }

    @Test func aSlowClientIsClosedAtTheTimeoutAndOthersAreServed() throws {
        let h = try WebHarness()
        let slow = h.connect(), normal = h.connect()
        defer { close(slow); close(normal) }
        h.send(slow, "GET / HTTP/1.1\r\nHo")
        h.pump()
        h.now = h.now + .seconds(5)
        h.send(normal, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(h.receive(normal).text.hasPrefix("HTTP/1.1 200"))
        h.now = h.now + .seconds(5)
        h.server.expire(now: h.now)
        let (text, closed) = h.receive(slow)
        #expect(text.hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(closed)
        #expect(h.server.connectionCount == 1)
    }

    @Test func limitsAnswerAndClose() throws {
        let h = try WebHarness()
        for (request, status) in [("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n", "413"),
                                  ("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 9000), "431"),
                                  ("GET /" + String(repeating: "a", count: 3000) + " HTTP/1.1\r\n", "414"),
                                  ("BAD\r\n\r\n", "400")] {
            let c = h.connect()
            h.send(c, request)
            let (text, closed) = h.receive(c)
            #expect(text.hasPrefix("HTTP/1.1 \(status)"), "\(status)")
            #expect(closed)
            close(c)
        }
    }

    @Test func withNoSlotAtAllANewcomerGets503() throws {
        let h = try WebHarness(maxConnections: 0)
        let c = h.connect()
        let (text, closed) = h.receive(c)
        #expect(text.hasPrefix("HTTP/1.1 503"))
        #expect(text.contains("Retry-After: 1"))
        #expect(closed)
        close(c)
    }

    @Test func anEventStreamGetsEveryBroadcastAndItsClosingIsReported() throws {
        let h = try WebHarness()
        let c = h.connect()
        h.send(c, "GET /api/events?client=page1 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        h.pump { r, _, _ in .events(client: r.queryValue("client"), first: "event: status\ndata: {\"n\":1}\n\n") }
        h.server.broadcast(event: "status", data: "{\"n\":2}", now: h.now)
        let text = h.receive(c, pumping: false).text
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"))
        #expect(text.contains("data: {\"n\":1}\n\n") && text.contains("event: status\ndata: {\"n\":2}\n\n"))
        #expect(h.server.streamClients == ["page1"])
        close(c)
        // Every descriptor handed to the server as ready (a read that finds nothing is
        // harmless: they are non-blocking), until it has seen the close, at most 10 s (a
        // bound for a machine busy with other tests, not a figure).
        for _ in 0..<100 where h.closedStreams.isEmpty {
            h.closedStreams += h.server.serve(ready: Set(h.server.pollDescriptors), now: h.now) { _, _, _ in .reply(.text(.ok, "hi")) }
            if h.closedStreams.isEmpty { usleep(100_000) }
        }
        #expect(h.closedStreams == ["page1"])
    }
}

extension String {
    /// How many times `s` occurs (not overlapping).
    func components(_ s: String) -> Int {
        let hay = Array(utf8), needle = Array(s.utf8)
        var count = 0, i = 0
        while i + needle.count <= hay.count {
            if Array(hay[i..<(i + needle.count)]) == needle { count += 1; i += needle.count } else { i += 1 }
        }
        return count
    }
}
