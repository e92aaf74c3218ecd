import Testing
import TorchCore
@testable import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// The routes and security rules, request by request (no sockets).
@Suite struct WebAPITests {
    let dir: String
    let api: WebAPI
    let token = "TokenTokenToken-0123456789"
    let viewer = "ViewerViewerViewer_0123456"
    var now = Instant(nanoseconds: 1_000_000_000)
    var requests: [ControlRequest] = []

    init() throws {
        var template = Array("/tmp/torch-web-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HardwareError("mkdtemp failed", errno: errno) }
        dir = String(cString: made)
        try AtomicFile.write(token + "\n", to: dir + "/web-token", mode: 0o600)
        try AtomicFile.write(viewer + "\n", to: dir + "/web-viewer-token", mode: 0o600)
        let listen = try WebListenAddress.parse("0.0.0.0:8080")
        api = WebAPI(settings: WebServerSettings(
            listen: listen, allowedHosts: WebServerSettings.allowedHosts(listen: listen, hostName: "pi", extra: []),
            pairingRequired: true, tokenPath: dir + "/web-token", viewerTokenPath: dir + "/web-viewer-token"))
    }

    func request(_ method: String, _ target: String, host: String = "pi.local:8080", origin: String? = "http://pi.local:8080",
                 cookie: String? = nil, type: String? = "application/json", body: String = "") -> HTTPRequest {
        var headers: [(name: String, value: String)] = [("host", host)]
        if let origin { headers.append(("origin", origin)) }
        if let cookie { headers.append(("cookie", "torch_token=\(cookie)")) }
        if let type { headers.append(("content-type", type)) }
        let q = target.split(separator: "?", maxSplits: 1)
        var query: [(name: String, value: String)] = []
        if q.count > 1 {
            for p in q[1].split(separator: "&") {
                let kv = p.split(separator: "=", maxSplits: 1)
                query.append((name: String(kv[0]), value: kv.count > 1 ? String(kv[1]) : ""))
            }
        }
        return HTTPRequest(method: method, target: target, path: String(q[0]), query: query, headers: headers, body: Array(body.utf8))
    }

    mutating func status(_ r: HTTPRequest) -> Int {
        var seen: [ControlRequest] = []
        let action = api.handle(r, now: now, respond: { seen.append($0); return .success() },
                                status: { .status(StatusReport(TorchStatus(resting: PersistentState()), backend: .sim, uptime: .zero)) })
        requests += seen
        switch action {
        case let .reply(response): return response.status.code
        case .events: return 200
        }
    }

    func response(_ r: HTTPRequest) -> HTTPResponse? {
        if case let .reply(x) = api.handle(r, now: now, respond: { _ in .success() }, status: { .success() }) { return x }
        return nil
    }

    @Test mutating func theRules() {
        #expect(status(request("GET", "/", origin: nil)) == 200)
        #expect(status(request("GET", "/", host: "evil.example:8080")) == 421)
        #expect(status(request("GET", "/api/status")) == 401)
        #expect(status(request("GET", "/api/status", cookie: "wrong-token-wrong-token")) == 401)
        #expect(status(request("GET", "/api/status", cookie: token)) == 200)
        #expect(status(request("GET", "/api/events", cookie: viewer)) == 200)
        let on = #"{"cmd":"on"}"#
        #expect(status(request("POST", "/api/command", body: on)) == 401)
        #expect(status(request("POST", "/api/command", origin: "http://evil.example", cookie: token, body: on)) == 403)
        #expect(status(request("POST", "/api/command", origin: nil, cookie: token, body: on)) == 403)
        #expect(status(request("POST", "/api/command", cookie: token, type: "text/plain", body: on)) == 415)
        #expect(status(request("POST", "/api/command", cookie: viewer, body: on)) == 403)
        #expect(requests.isEmpty)
        #expect(status(request("POST", "/api/command", cookie: token, body: on)) == 200)
        #expect(requests == [ControlRequest(.on(nil))])
        #expect(status(request("POST", "/api/command", cookie: token, body: "{nope")) == 400)
        #expect(status(request("GET", "/api/command", cookie: token)) == 405)
        #expect(status(request("GET", "/nothing")) == 404)
    }

    @Test func pairingSetsAStrictHttpOnlyCookie() throws {
        let ok = try #require(response(request("POST", "/api/pair", body: "{\"token\":\"\(token)\"}")))
        #expect(ok.status == .ok)
        let cookie = try #require(ok.header("Set-Cookie"))
        #expect(cookie.hasPrefix("torch_token=\(token);") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        #expect(response(request("POST", "/api/pair", body: "{\"token\":\"\(viewer)\"}"))?.status == .ok)
        #expect(response(request("POST", "/api/pair", body: "{\"token\":\"not-the-token-at-all\"}"))?.status == .unauthorized)
        #expect(response(request("POST", "/api/pair", origin: "http://evil.example", body: "{\"token\":\"\(token)\"}"))?.status == .forbidden)
    }

    @Test mutating func thePagesPressIsReleasedWhenItGoesSilentOrAway() {
        _ = status(request("POST", "/api/command?client=p1", cookie: token, body: #"{"cmd":"press","role":"on"}"#))
        _ = status(request("POST", "/api/command?client=p2", cookie: token, body: #"{"cmd":"press","role":"on"}"#))
        #expect(api.holds.held.count == 2)
        // p1 renews; p2 goes silent.
        now = now + .milliseconds(600)
        #expect(status(request("POST", "/api/hold?client=p1", cookie: token, body: "{}")) == 200)
        now = now + .milliseconds(400)
        // Pressed in the dark (the status says dark): released, then off, never latched.
        let silent = api.releases(at: now, closedStreams: [])
        #expect(silent.map(\.command.name) == ["release", "off"])
        #expect(api.holds.held.keys.sorted() == ["p1"])
        // p1's tab closes: its stream's end releases at once.
        #expect(api.releases(at: now, closedStreams: ["p1"]).count == 2)
        #expect(api.holds.held.isEmpty)
    }
}
