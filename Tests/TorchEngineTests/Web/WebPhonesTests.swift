import Testing
import TorchCore
@testable import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// One token per phone over real sockets: two phones pair with their own links; one is
/// revoked in the token file while the server runs; its session cookie, its bearer
/// token and its open event stream stop, and the other phone still controls the light.
@Suite(.serialized) struct WebPhonesTests {
    let kitchenToken = "KitchenKitchenKitchen-01"
    let hallToken = "HallHallHallHallHall_02x"

    /// The session id in a reply's `Set-Cookie: torch_session=…;`.
    func session(in reply: String) -> String? {
        let prefix = "Set-Cookie: torch_session="
        guard let line = reply.split(separator: "\r\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        return line.dropFirst(prefix.count).split(separator: ";").first.map(String.init)
    }

    func post(_ path: String, _ body: String, cookie: String? = nil) -> String {
        "POST \(path) HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nContent-Type: application/json\r\n"
            + (cookie.map { "Cookie: torch_session=\($0)\r\n" } ?? "") + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    @Test func revokingOnePhoneStopsItsCookieBearerAndStreamOnly() throws {
        var template = Array("/tmp/torch-phones-XXXXXX".utf8CString)
        let dir = try #require(mkdtemp(&template).map { String(cString: $0) })
        let files = WebTokenFiles(stateFile: dir + "/state")
        defer { unlink(files.phones); rmdir(dir) }
        var phones = WebTokenTable()
        try phones.mint(WebPhone(name: "kitchen", access: .control, mintedAt: 1, token: kitchenToken))
        try phones.mint(WebPhone(name: "hall", access: .control, mintedAt: 2, token: hallToken))
        try files.save(phones)

        let h = try WebHarness(stateFile: dir + "/state")
        let api = WebAPI(settings: h.server.settings, pairing: h.server.pairing)
        api.metricsText = { "torch_up 1\n" }
        var commands: [String] = []
        let handle = { (r: HTTPRequest, client: WebClient, now: Instant) -> WebServer.Action in
            api.handle(r, client: client, now: now, respond: { commands.append($0.name); return .success() },
                       status: { .status(StatusReport(TorchStatus(resting: PersistentState()), backend: .sim, uptime: .zero)) })
        }
        func exchange(_ fd: Int32, _ text: String) -> String {
            h.send(fd, text)
            h.pump(handle)
            return h.receive(fd, pumping: false).text
        }

        let kitchen = h.connect(), hall = h.connect(), stream = h.connect(), quiet = h.connect(), scraper = h.connect()
        defer { for fd in [kitchen, hall, stream, quiet, scraper] { close(fd) } }
        let kitchenReply = exchange(kitchen, post("/api/pair", "{\"token\":\"\(kitchenToken)\"}"))
        let hallReply = exchange(hall, post("/api/pair", "{\"token\":\"\(hallToken)\"}"))
        let kitchenSession = try #require(session(in: kitchenReply))
        let hallSession = try #require(session(in: hallReply))
        #expect(kitchenReply.contains("\"phone\":\"kitchen\"") && hallReply.contains("\"phone\":\"hall\""))
        #expect(kitchenSession != hallSession && !kitchenReply.contains(kitchenToken))
        #expect(kitchenReply.contains("HttpOnly; SameSite=Strict"))

        #expect(exchange(kitchen, post("/api/command", #"{"cmd":"on"}"#, cookie: kitchenSession)).hasPrefix("HTTP/1.1 200"))
        #expect(exchange(hall, post("/api/command", #"{"cmd":"off"}"#, cookie: hallSession)).hasPrefix("HTTP/1.1 200"))
        let opened = exchange(stream, "GET /api/events?client=k1 HTTP/1.1\r\nHost: localhost\r\nCookie: torch_session=\(kitchenSession)\r\n\r\n")
        #expect(opened.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream"))
        let hallStream = exchange(quiet, "GET /api/events?client=h1 HTTP/1.1\r\nHost: localhost\r\nCookie: torch_session=\(hallSession)\r\n\r\n")
        #expect(hallStream.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream"))
        func metrics(_ token: String) -> String { "GET /metrics HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(token)\r\n\r\n" }
        #expect(exchange(scraper, metrics(kitchenToken)).hasPrefix("HTTP/1.1 200"))

        // `torch web-link --revoke kitchen`, as the command does it: the file rewritten.
        try phones.revoke(named: "kitchen")
        try files.save(phones)

        #expect(exchange(kitchen, post("/api/command", #"{"cmd":"on"}"#, cookie: kitchenSession)).hasPrefix("HTTP/1.1 401"))
        #expect(exchange(kitchen, "GET /api/status HTTP/1.1\r\nHost: localhost\r\nCookie: torch_session=\(kitchenSession)\r\n\r\n")
            .hasPrefix("HTTP/1.1 401"))
        #expect(exchange(scraper, metrics(kitchenToken)).hasPrefix("HTTP/1.1 401"))
        #expect(exchange(kitchen, post("/api/pair", "{\"token\":\"\(kitchenToken)\"}")).hasPrefix("HTTP/1.1 401"))
        #expect(exchange(hall, post("/api/command", #"{"cmd":"on"}"#, cookie: hallSession)).hasPrefix("HTTP/1.1 200"))
        #expect(exchange(scraper, metrics(hallToken)).hasPrefix("HTTP/1.1 200"))
        #expect(commands == ["on", "off", "on"])

        // With no status change, the revoked phone's stream is closed at its next ping
        // (and reported closed, for the dead-man rule); the other phone's gets the ping.
        h.now = h.now + h.server.settings.eventPing
        let closedAtPing = h.server.expire(now: h.now)
        #expect(closedAtPing == ["k1"])
        let (after, closed) = h.receive(stream)
        #expect(closed && !after.contains(": ping"))
        #expect(h.server.streamClients == ["h1"])
        h.server.broadcast(event: "status", data: "{}", now: h.now)
        #expect(h.receive(quiet, pumping: false).text.contains("event: status"))

        // At a status change (not waiting for the ping), the next revoked stream closes.
        try phones.revoke(named: "hall")
        try files.save(phones)
        h.server.broadcast(event: "status", data: "{}", now: h.now)
        let (last, hallClosed) = h.receive(quiet)
        #expect(hallClosed && !last.contains("event: status"))
        #expect(h.server.streamClients.isEmpty)
    }

    @Test func aRevokedPhonesConnectionIsNoLongerSparedByEviction() throws {
        var template = Array("/tmp/torch-phones-XXXXXX".utf8CString)
        let dir = try #require(mkdtemp(&template).map { String(cString: $0) })
        let files = WebTokenFiles(stateFile: dir + "/state")
        defer { unlink(files.phones); rmdir(dir) }
        var phones = WebTokenTable()
        try phones.mint(WebPhone(name: "kitchen", access: .control, mintedAt: 1, token: kitchenToken))
        try files.save(phones)
        let h = try WebHarness(maxConnections: 2, stateFile: dir + "/state")
        let session = try h.server.pairing.openSession(for: try #require(h.server.pairing.phone(presenting: kitchenToken)))
        let status = "GET /api/status HTTP/1.1\r\nHost: localhost\r\nCookie: torch_session=\(session)\r\n\r\n"
        let phone = h.connect(from: 0x7F00_0002), other = h.connect(from: 0x7F00_0003)
        defer { close(phone); close(other) }
        h.send(phone, status)
        #expect(h.receive(phone).text.hasPrefix("HTTP/1.1 200"))
        h.now = h.now + .seconds(1)
        h.send(other, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(h.receive(other).text.hasPrefix("HTTP/1.1 200"))
        phones.revokeAll()
        try files.save(phones)
        // Its next request shows a session that no longer names a phone.
        h.now = h.now + .seconds(1)
        h.send(phone, status)
        _ = h.receive(phone)
        h.now = h.now + .seconds(1)
        h.send(other, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        _ = h.receive(other)
        // A newcomer: the longest idle makes room, the revoked phone's connection first.
        let newcomer = h.connect(from: 0x7F00_0004)
        defer { close(newcomer) }
        h.pump()
        #expect(h.receive(phone).closed)
        h.send(other, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let (text, closed) = h.receive(other)
        #expect(text.hasPrefix("HTTP/1.1 200") && !closed)
    }
}
