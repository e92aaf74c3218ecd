import TorchCore

/// The web page (`[web] listen`): the HTTP server on the service's poll loop, its
/// requests answered by the controller like the control socket's, and every status
/// change pushed to the pages' event streams at the end of the turn it happened in.
public final class WebFrontEnd: CountsRequests {
    public let server: WebServer
    let api: WebAPI
    private var statusDirty = false
    public let frontEndName = "web"
    /// The page's control requests (`POST /api/command`, the releases it makes).
    public private(set) var requestCounts = FrontEndCounts()
    /// `GET /metrics` serves the service's exposition (from `attach`).
    public var servesMetrics: Bool { true }

    public func attach(_ context: FrontEndContext) { api.metricsText = context.metricsText }

    public init(_ server: WebServer) {
        self.server = server
        api = WebAPI(settings: server.settings, pairing: server.pairing)
    }

    public var pollDescriptors: [Int32] { server.pollDescriptors }

    public var nextDeadline: Instant? {
        [server.nextDeadline, api.holds.nextDeadline].compactMap { $0 }.min()
    }

    public func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {
        api.readOffer(controller)
        let respond = { (q: ControlRequest) -> ControlReply in
            let reply = controller.handle(.request(q, from: .web, at: now))
            self.requestCounts.count(refused: !reply.ok)
            return reply
        }
        let status = { controller.handle(.request(ControlRequest(.status), from: .web, at: now)) }
        var closed = server.serve(ready: ready, now: now) { r, client, t in api.handle(r, client: client, now: t, respond: respond, status: status) }
        closed += server.expire(now: now)
        if api.renewed {
            api.renewed = false
            controller.handle(.renewVirtualPress(VirtualHolder(origin: .web), at: now))
        }
        let releases = api.releases(at: now, closedStreams: closed)
        for r in releases { _ = respond(r) }
        if !releases.isEmpty {
            controller.handle(.report("web: a page went away (closed or silent) while holding the switch: released", .notice))
        }
    }

    public func statusChanged(_ status: TorchStatus, at now: Instant) {
        statusDirty = true
    }

    public func refresh(at now: Instant, controller: TorchController, duty: Double) {
        guard statusDirty else { return }
        statusDirty = false
        let reply = controller.handle(.request(ControlRequest(.status), from: .web, at: now))
        // One event per access level would be exact; the stream's own first event says
        // which it has, and later events carry the same `access` for everyone paired.
        api.readOffer(controller)
        server.broadcast(event: "status", data: api.offerJSON(reply).jsonText, now: now)
    }

    public func close() {
        server.close()
    }
}
