import TorchCore

/// The control socket (`torch run`): each request line is answered by the controller.
/// It knows its clients by connection number: a client that disconnects (or is
/// dropped) while holding the virtual button down releases it at once, and a client
/// holding it is never closed as idle.
public final class ControlSocketFrontEnd: CountsRequests {
    public let server: ControlServer
    /// Clients that pressed a virtual button (by number); pruned as they release.
    private var pressers: Set<Int> = []

    /// Carries out the controller's effects (the service's, from `attach`); called after
    /// each request and before its reply is sent, so that a reply means done: `torch
    /// stealth on` returns with the status LEDs dark, `torch on` with the program handed
    /// to the scheduler.
    private var performEffects: () -> Void = {}
    public let frontEndName = "socket"
    public private(set) var requestCounts = FrontEndCounts()

    public init(_ server: ControlServer) {
        self.server = server
    }

    public func attach(_ context: FrontEndContext) { performEffects = context.performEffects }

    public var pollDescriptors: [Int32] { server.pollDescriptors }
    public var nextDeadline: Instant? { server.nextDeadline }

    public func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {
        server.handleReady(ready, now: now) { request, client in
            if case .press? = request.command { pressers.insert(client) }
            let reply = controller.handle(.request(request, from: .socket, client: client, at: now))
            performEffects()
            requestCounts.count(refused: !reply.ok)
            return reply
        }
        pressers = pressers.filter { controller.isHoldingVirtualButton(VirtualHolder(origin: .socket, client: $0)) }
        server.expire(now: now, busy: pressers)
        for client in server.takeDisconnected() where pressers.contains(client) {
            pressers.remove(client)
            controller.handle(.virtualHolderGone(VirtualHolder(origin: .socket, client: client), at: now))
        }
    }

    public func close() {
        server.close()
    }
}
