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
    /// The sessions the two phones' pages traded their tokens for (the cookies).
    let control: String
    let viewing: String
    var now = Instant(nanoseconds: 1_000_000_000)
    var requests: [ControlRequest] = []

    init() throws {
        var template = Array("/tmp/torch-web-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HardwareError("mkdtemp failed", errno: errno) }
        dir = String(cString: made)
        var phones = WebTokenTable()
        try phones.mint(WebPhone(name: "kitchen", access: .control, mintedAt: 1, token: token))
        try phones.mint(WebPhone(name: "hall", access: .view, mintedAt: 2, token: viewer))
        let files = WebTokenFiles(stateFile: dir + "/state")
        try files.save(phones)
        let listen = try WebListenAddress.parse("0.0.0.0:8080")
        let settings = WebServerSettings(
            listen: listen, allowedHosts: WebServerSettings.allowedHosts(listen: listen, hostName: "pi", extra: []),
            pairingRequired: true, tokenFiles: files)
        api = WebAPI(settings: settings, pairing: WebPairing(files: files, log: { _, _ in }))
        control = try Self.session(api, token)
        viewing = try Self.session(api, viewer)
    }

    struct NotPaired: Error {}

    /// Pairs with `token` as the page does and returns the session id its cookie holds.
    static func session(_ api: WebAPI, _ token: String) throws -> String {
        let r = HTTPRequest(method: "POST", target: "/api/pair", path: "/api/pair", query: [],
                            headers: [("host", "pi.local:8080"), ("origin", "http://pi.local:8080"), ("content-type", "application/json")],
                            body: Array("{\"token\":\"\(token)\"}".utf8))
        guard case let .reply(response) = api.handle(r, now: Instant(nanoseconds: 0), respond: { _ in .success() }, status: { .success() }),
              let cookie = response.header("Set-Cookie"), cookie.hasPrefix("torch_session="),
              let end = cookie.firstIndex(of: ";") else { throw NotPaired() }
        return String(cookie[cookie.index(cookie.startIndex, offsetBy: "torch_session=".count)..<end])
    }

    func request(_ method: String, _ target: String, host: String = "pi.local:8080", origin: String? = "http://pi.local:8080",
                 cookie: String? = nil, type: String? = "application/json", body: String = "") -> HTTPRequest {
        var headers: [(name: String, value: String)] = [("host", host)]
        if let origin { headers.append(("origin", origin)) }
        if let cookie { headers.append(("cookie", "torch_session=\(cookie)")) }
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
        #expect(status(request("GET", "/api/status", cookie: control)) == 200)
        #expect(status(request("GET", "/api/events", cookie: viewing)) == 200)
        // The cookie holds a session id: a token in it (the cookie of before) is no way in.
        #expect(status(request("GET", "/api/status", cookie: token)) == 401)
        var before = request("GET", "/api/status")
        before.headers.append((name: "cookie", value: "torch_token=\(token)"))
        #expect(status(before) == 401)
        let on = #"{"cmd":"on"}"#
        #expect(status(request("POST", "/api/command", body: on)) == 401)
        #expect(status(request("POST", "/api/command", origin: "http://evil.example", cookie: control, body: on)) == 403)
        #expect(status(request("POST", "/api/command", origin: nil, cookie: control, body: on)) == 403)
        #expect(status(request("POST", "/api/command", cookie: control, type: "text/plain", body: on)) == 415)
        #expect(status(request("POST", "/api/command", cookie: viewing, body: on)) == 403)
        #expect(status(request("POST", "/api/command", cookie: token, body: on)) == 401)
        #expect(requests.isEmpty)
        #expect(status(request("POST", "/api/command", cookie: control, body: on)) == 200)
        #expect(requests == [ControlRequest(.on(nil))])
        #expect(status(request("POST", "/api/command", cookie: control, body: "{nope")) == 400)
        #expect(status(request("GET", "/api/command", cookie: control)) == 405)
        #expect(status(request("GET", "/nothing")) == 404)
    }

    @Test func pairingSetsAStrictHttpOnlySessionCookie() throws {
        let ok = try #require(response(request("POST", "/api/pair", body: "{\"token\":\"\(token)\"}")))
        #expect(ok.status == .ok)
        #expect(String(decoding: ok.body, as: UTF8.self) == "{\"ok\":true,\"access\":\"control\",\"phone\":\"kitchen\"}\n")
        let cookie = try #require(ok.header("Set-Cookie"))
        #expect(cookie.hasPrefix("torch_session=") && cookie.contains("; Path=/;") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        // The session's id, never the token; a new one at every pairing.
        #expect(!cookie.contains(token) && !cookie.contains(control) && !cookie.contains(viewing))
        #expect(response(request("POST", "/api/pair", body: "{\"token\":\"\(viewer)\"}"))?.status == .ok)
        #expect(response(request("POST", "/api/pair", body: "{\"token\":\"not-the-token-at-all\"}"))?.status == .unauthorized)
        #expect(response(request("POST", "/api/pair", origin: "http://evil.example", body: "{\"token\":\"\(token)\"}"))?.status == .forbidden)
    }

    @Test mutating func thePagesPressIsReleasedWhenItGoesSilentOrAway() {
        _ = status(request("POST", "/api/command?client=p1", cookie: control, body: #"{"cmd":"press","role":"on"}"#))
        _ = status(request("POST", "/api/command?client=p2", cookie: control, body: #"{"cmd":"press","role":"on"}"#))
        #expect(api.holds.held.count == 2)
        // p1 renews; p2 goes silent.
        now = now + .milliseconds(600)
        #expect(status(request("POST", "/api/hold?client=p1", cookie: control, body: "{}")) == 200)
        now = now + .milliseconds(400)
        // Pressed in the dark (the status says dark): released, then off, never latched.
        let silent = api.releases(at: now, closedStreams: [])
        #expect(silent.map(\.name) == ["release", "off"])
        #expect(api.holds.held.keys.sorted() == ["p1"])
        // p1's tab closes: its stream's end releases at once.
        #expect(api.releases(at: now, closedStreams: ["p1"]).count == 2)
        #expect(api.holds.held.isEmpty)
    }

    @Test mutating func revokingAPhoneEndsItsSessionsAndKeepsTheOthers() throws {
        let second = try Self.session(api, token)
        #expect(status(request("GET", "/api/status", cookie: second)) == 200)
        var phones = try api.settings.tokenFiles.load()
        try phones.revoke(named: "kitchen")
        try api.settings.tokenFiles.save(phones)
        #expect(status(request("GET", "/api/status", cookie: control)) == 401)
        #expect(status(request("GET", "/api/status", cookie: second)) == 401)
        #expect(status(request("POST", "/api/command", cookie: control, body: #"{"cmd":"on"}"#)) == 401)
        #expect(status(request("GET", "/api/status", cookie: viewing)) == 200)
        #expect(response(request("POST", "/api/pair", body: "{\"token\":\"\(token)\"}"))?.status == .unauthorized)
        #expect(requests.isEmpty)
    }
}
