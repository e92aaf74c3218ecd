import TorchCore
import TorchHardware

/// The web page's routes and security rules (docs/control-protocol.md, "The web API"):
///
/// - every request: `Host` must be allowed (else 421: DNS rebinding);
/// - `GET /`, `/app.js`, `/app.css`: the page (no secret in it);
/// - `GET /api/status`, `GET /api/events`: the status object, once or as a stream
///   (paired: a session of a control or viewer phone);
/// - `POST /api/command` (a control-protocol request as JSON), `POST /api/hold` (the
///   dead-man renewal): a control phone's session, same-origin `Origin`, `Content-Type:
///   application/json`;
/// - `GET /metrics`: Prometheus's text format (read-only; the same access as
///   `/api/status`: the session cookie, or `Authorization: Bearer TOKEN` with any
///   phone's token, which is how a Prometheus server presents it);
/// - `POST /api/pair` `{"token":"…"}`: trades a phone's token for a session, whose id
///   (never the token) is the `HttpOnly; SameSite=Strict` cookie.
///
/// Without pairing (loopback, `[web] pairing = auto`) a request has control when its
/// peer's user could use the control socket (`WebClient.mayControlUnpaired`); any other
/// needs a session cookie, as on any address.
/// No CORS header is ever sent, so no other site's script can read a reply.
final class WebAPI {
    enum Access: String { case none, view, control }

    let settings: WebServerSettings
    let pairing: WebPairing
    var holds = WebHolds()
    /// A page said it still holds the switch (`POST /api/hold`) since the last turn.
    var renewed = false
    /// The `GET /metrics` text (set by the service); nil: the page has no metrics.
    var metricsText: (() -> String)?

    init(settings: WebServerSettings, pairing: WebPairing) {
        self.settings = settings
        self.pairing = pairing
    }

    /// One request. `respond` carries out a control request; `status` is the status
    /// reply now.
    func handle(_ r: HTTPRequest, client: WebClient = WebClient(peer: ""), now: Instant, respond: (ControlRequest) -> ControlReply,
                status: () -> ControlReply) -> WebServer.Action {
        guard WebAccess.hostAllowed(r.header("host"), allowed: settings.allowedHosts, port: settings.listen.port) else {
            return .reply(.text(.misdirectedRequest, "Host '\((r.header("host") ?? "").prefix(80))' is not a name of this torch (add it to [web] hosts)"))
        }
        let get = r.method == "GET" || r.method == "HEAD"
        switch r.path {
        case "/", "/index.html":
            guard get else { return notAllowed("GET") }
            return .reply(asset(WebPage.html, "text/html; charset=utf-8"))
        case "/app.js":
            guard get else { return notAllowed("GET") }
            return .reply(asset(WebPage.script, "text/javascript; charset=utf-8"))
        case "/app.css":
            guard get else { return notAllowed("GET") }
            return .reply(asset(WebPage.style, "text/css; charset=utf-8"))
        case "/metrics":
            guard get else { return notAllowed("GET") }
            guard let metricsText else { return .reply(.text(.notFound, "no such page: /metrics")) }
            guard access(r, client, bearer: true) != .none else { return .reply(unauthorized()) }
            return .reply(HTTPResponse(.ok, headers: [HTTPField("Content-Type", MetricText.contentType)],
                                       body: Array(metricsText().utf8)))
        case "/favicon.ico":
            return .reply(HTTPResponse(.noContent))
        case "/api/status":
            guard get else { return notAllowed("GET") }
            let access = self.access(r, client)
            guard access != .none else { return .reply(unauthorized()) }
            return .reply(.json(.ok, statusJSON(status(), access: access)))
        case "/api/events":
            guard get else { return notAllowed("GET") }
            let access = self.access(r, client)
            guard access != .none else { return .reply(unauthorized()) }
            return .events(client: pageID(r), first: event(status(), access: access))
        case "/api/command":
            guard r.method == "POST" else { return notAllowed("POST") }
            if let refusal = checkPost(r, client, needs: .control) { return .reply(refusal) }
            return .reply(command(r, now: now, respond: respond, status: status))
        case "/api/hold":
            guard r.method == "POST" else { return notAllowed("POST") }
            if let refusal = checkPost(r, client, needs: .control) { return .reply(refusal) }
            // The controller's dead-man lease is renewed by any paired page's keep-alive.
            renewed = true
            guard let id = pageID(r), holds.renew(id, at: now, lease: settings.holdLease) else {
                return .reply(.json(.ok, .object([JSONMember("ok", .bool(true)), JSONMember("held", .bool(false))])))
            }
            return .reply(.json(.ok, .object([JSONMember("ok", .bool(true)), JSONMember("held", .bool(true))])))
        case "/api/pair":
            guard r.method == "POST" else { return notAllowed("POST") }
            if let refusal = checkPost(r, client, needs: .none) { return .reply(refusal) }
            return .reply(pair(r))
        default:
            return .reply(.text(.notFound, "no such page: \(r.path.prefix(80))"))
        }
    }

    /// What the server does for presses whose page went silent (lease out) or away
    /// (stream closed): the release, then `off` when the press began in the dark (the
    /// light is never left latched by a page that went away).
    func releases(at now: Instant, closedStreams: [String]) -> [ControlRequest] {
        var out: [ControlRequest] = []
        for (_, hold) in holds.abandoned(by: closedStreams) + holds.expired(at: now) {
            out.append(ControlRequest(.release(hold.role)))
            if hold.fromDark { out.append(ControlRequest(.off)) }
        }
        return out
    }

    /// The status reply as the page reads it: the control socket's `status` reply plus
    /// `"access"` (`control` or `view`: a viewer's page shows no controls) and
    /// `"patterns"` (the names it may choose).
    /// The pattern names the page offers: those a remote front end may choose (the
    /// owner's `[light] patterns`), and of them the ones that flash more than three times
    /// a second, with whether `[light] remote-flashing` allows those (the page's "Allow
    /// strobe" shows it; the controller enforces it).
    var patternNames: [String] = []
    var flashingNames: [String] = []
    var remoteFlashing = false

    func statusJSON(_ reply: ControlReply, access: Access) -> JSONValue {
        var r = reply
        r.fields.append(JSONMember("access", .string(access.rawValue)))
        return offerJSON(r)
    }

    /// The status with what the page may offer (every event carries it: a reload changes it).
    func offerJSON(_ reply: ControlReply) -> JSONValue {
        var r = reply
        r.fields.append(JSONMember("patterns", .array(patternNames.map { .string($0) })))
        r.fields.append(JSONMember("flashing_patterns", .array(flashingNames.map { .string($0) })))
        r.fields.append(JSONMember("remote_flashing", .bool(remoteFlashing)))
        return r.json
    }

    /// The settings the offer was read from: judging every pattern's flash rate (a
    /// candle's 4000 steps) is done again only after a reload changed them.
    private var offerSettings: TorchSettings?

    /// What the page may offer, from the controller's settings in force.
    func readOffer(_ controller: TorchController) {
        guard offerSettings != controller.settings.torch else { return }
        offerSettings = controller.settings.torch
        patternNames = controller.remotePatternNames
        flashingNames = controller.flashingPatternNames
        remoteFlashing = controller.settings.torch.remoteFlashing
    }

    func event(_ reply: ControlReply, access: Access) -> String {
        "event: status\ndata: \(statusJSON(reply, access: access).jsonText)\n\n"
    }

    // MARK: - Security

    /// `bearer`: an `Authorization: Bearer TOKEN` header counts as the cookie (read-only
    /// pages only: a browser never sends it on its own, so it is no way round the
    /// same-origin checks of a POST).
    func access(_ r: HTTPRequest, _ client: WebClient, bearer: Bool = false) -> Access {
        if !settings.pairingRequired && client.mayControlUnpaired { return .control }
        return Self.access(of: phone(r, bearer: bearer))
    }

    /// The phone a request shows: its session cookie's, or with `bearer` the phone whose
    /// token its `Authorization: Bearer` header carries.
    func phone(_ r: HTTPRequest, bearer: Bool = false) -> WebPhone? {
        if bearer, let token = WebAccess.bearerToken(in: r.header("authorization")), let p = pairing.phone(presenting: token) {
            return p
        }
        return pairing.phone(session: WebAccess.cookie(WebAccess.cookieName, in: r.header("cookie")))
    }

    static func access(of phone: WebPhone?) -> Access {
        switch phone?.access {
        case .control?: .control
        case .view?: .view
        case nil: .none
        }
    }

    /// Origin, media type and access for a POST; nil when it may go on.
    func checkPost(_ r: HTTPRequest, _ client: WebClient, needs: Access) -> HTTPResponse? {
        guard WebAccess.originAllowed(r.header("origin"), host: r.header("host")) else {
            return .text(.forbidden, "cross-origin request refused: Origin must be http://\(r.header("host") ?? "this host")")
        }
        let type = (r.header("content-type") ?? "").lowercased()
        guard type == "application/json" || type.hasPrefix("application/json;") else {
            return .text(.unsupportedMediaType, "a request body is JSON: send Content-Type: application/json")
        }
        switch (needs, access(r, client)) {
        case (.control, .none): return unauthorized()
        case (.control, .view): return .text(.forbidden, "this page is paired read-only (a viewer link): commands are refused")
        default: return nil
        }
    }

    func unauthorized() -> HTTPResponse {
        guard !settings.pairingRequired, let socket = settings.controlSocketPath else {
            return .text(.unauthorized, "not paired: open the link that 'torch web-link' prints on the torch")
        }
        return .text(.unauthorized, "not paired: on loopback only the users who may use the control socket \(socket) "
                     + "control the page without pairing; others open the link that 'torch web-link' prints")
    }

    /// Trades a phone's token for a session: the cookie holds the session's random id,
    /// so the long-lived token is in no cookie, and revoking the phone ends the session.
    func pair(_ r: HTTPRequest) -> HTTPResponse {
        let json = try? JSONParser(maxDepth: 2, maxBytes: settings.limits.maxBodyBytes).parse(bytes: r.body)
        guard let token = json?["token"]?.stringValue, WebAccess.isWellFormedToken(token) else {
            return .text(.badRequest, "expected {\"token\":\"…\"} with the token from 'torch web-link'")
        }
        guard let phone = pairing.phone(presenting: token) else {
            return .text(.unauthorized, "this pairing link is not (or no longer) valid: run 'torch web-link' again")
        }
        let session: String
        do { session = try pairing.openSession(for: phone) } catch {
            return .text(.internalError, "cannot open a session: \(error)")
        }
        // A year: the session lasts while the phone is paired and the service runs; the
        // cookie outliving it grants nothing.
        let cookie = "\(WebAccess.cookieName)=\(session); Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict"
        let body = JSONValue.object([JSONMember("ok", .bool(true)), JSONMember("access", .string(Self.access(of: phone).rawValue)),
                                     JSONMember("phone", .string(phone.name))])
        return HTTPResponse(.ok, headers: [HTTPField("Content-Type", "application/json"), HTTPField("Set-Cookie", cookie)],
                            body: Array((body.jsonText + "\n").utf8))
    }

    // MARK: - Commands

    func command(_ r: HTTPRequest, now: Instant, respond: (ControlRequest) -> ControlReply,
                 status: () -> ControlReply) -> HTTPResponse {
        let request: ControlRequest
        switch ControlRequest.parse(bytes: r.body) {
        case let .success(q): request = q
        case let .failure(e): return .json(.badRequest, ControlReply.failure(e).json)
        }
        var fromDark = false
        if case .press? = request.command { fromDark = status()["lit"] != .bool(true) }
        var reply = respond(request)
        if reply.id == nil { reply.id = request.id }
        // The dead-man rule: a press from a page is held on its behalf only.
        if reply.ok, let page = pageID(r) {
            switch request.command {
            case let .press(role)?: holds.pressed(page, role: role, fromDark: fromDark, at: now, lease: settings.holdLease)
            case .release?: holds.released(page)
            default: break
            }
        }
        return .json(reply.ok ? .ok : .badRequest, reply.json)
    }

    /// The page's id (`?client=`): 1 to 64 characters of `A-Z a-z 0-9 - _`.
    func pageID(_ r: HTTPRequest) -> String? {
        guard let id = r.queryValue("client"), (1...64).contains(id.utf8.count),
              id.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F })
        else { return nil }
        return id
    }

    // MARK: - Replies

    func asset(_ text: String, _ type: String) -> HTTPResponse {
        HTTPResponse(.ok, headers: [HTTPField("Content-Type", type)], body: Array(text.utf8))
    }

    func notAllowed(_ allow: String) -> WebServer.Action {
        .reply(HTTPResponse(.methodNotAllowed, headers: [HTTPField("Allow", allow), HTTPField("Content-Type", "text/plain; charset=utf-8")],
                            body: Array("method not allowed: use \(allow)\n".utf8)))
    }
}
