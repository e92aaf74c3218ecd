/// What the web server knows about the client a request came from.
public struct WebClient: Sendable, Equatable {
    /// The peer's address as text ("127.0.0.2:51234").
    public var peer: String
    /// True when this client may control the light without pairing: the listener needs
    /// no pairing (loopback, `[web] pairing = auto`) and the peer's user could use the
    /// control socket itself (`LoopbackPeer`).
    public var mayControlUnpaired: Bool

    public init(peer: String, mayControlUnpaired: Bool = false) {
        self.peer = peer
        self.mayControlUnpaired = mayControlUnpaired
    }
}
