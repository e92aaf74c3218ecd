import TorchCore

/// The control socket (`torch run`): each request line is answered by the controller.
public final class ControlSocketFrontEnd: FrontEnd {
    public let server: ControlServer

    public init(_ server: ControlServer) {
        self.server = server
    }

    public var pollDescriptors: [Int32] { server.pollDescriptors }
    public var nextDeadline: Instant? { server.nextDeadline }

    public func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {
        server.handleReady(ready, now: now) { controller.respond(to: $0, from: .socket, at: now) }
        server.expire(now: now)
    }

    public func close() {
        server.close()
    }
}
