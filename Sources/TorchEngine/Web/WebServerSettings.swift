import TorchCore
import TorchHardware

/// How the web page is served (config `[web]`) and what the server tolerates.
public struct WebServerSettings: Sendable {
    /// `listen`: the address and port.
    public var listen: WebListenAddress
    /// The names a request's `Host` may carry (lower case; IPv6 without brackets):
    /// `localhost`, the loopback addresses, the listen address, this machine's host
    /// name and `NAME.local`, plus `[web] hosts`. Anything else is 421 (DNS rebinding).
    public var allowedHosts: [String]
    /// True: every API request needs the pairing cookie (401 without). `[web] pairing =
    /// auto` makes it true for any address but loopback; `required` always.
    public var pairingRequired: Bool
    /// The control socket whose users the page trusts without pairing when
    /// `pairingRequired` is false: a peer whose user may connect to this socket file has
    /// control; any other gets the pairing prompt (nil: every peer does).
    public var controlSocketPath: String?
    /// Where the phones' tokens live (`web-tokens` beside the state file, and the old
    /// single-token files it replaces).
    public var tokenFiles: WebTokenFiles
    /// Sessions kept at once for every paired phone together; the oldest makes room.
    public var maxSessions = 64
    /// Request line, header and body limits (414, 431, 413).
    public var limits: HTTPLimits = .standard
    /// A request must arrive whole (head and body) within this of its first byte: 408.
    public var requestTimeout: Duration = .seconds(10)
    /// A keep-alive connection with no request for this long is closed.
    public var idleTimeout: Duration = .seconds(60)
    /// Connections at once (a phone opens up to 6). The next one still gets in: the
    /// flooding host's longest-idle connection is closed to make room (`ConnectionEviction`).
    public var maxConnections = 16
    /// Output waiting for a client that does not read: over this many bytes, or stuck
    /// for `requestTimeout`, the connection is closed (the service never waits on it).
    public var maxPendingBytes = 512 * 1024
    /// An event stream gets a comment line this often, so a dead peer is noticed and
    /// proxies keep it open.
    public var eventPing: Duration = .seconds(15)
    /// The dead-man rule: a virtual-button press from the page must be renewed
    /// (`POST /api/hold`, every 250 ms from the page) or it is released this long after
    /// its last sign of life; its tab's event stream closing releases it at once.
    public var holdLease: Duration = .milliseconds(900)

    public init(listen: WebListenAddress, allowedHosts: [String], pairingRequired: Bool,
                tokenFiles: WebTokenFiles) {
        self.listen = listen
        self.allowedHosts = allowedHosts
        self.pairingRequired = pairingRequired
        self.tokenFiles = tokenFiles
    }

    /// The hosts allowed by default for `listen` and this machine's `hostName`, plus `extra`.
    public static func allowedHosts(listen: WebListenAddress, hostName: String?, extra: [String]) -> [String] {
        var hosts = ["localhost", "127.0.0.1", "::1", listen.host.lowercased()]
        if let h = hostName?.lowercased(), !h.isEmpty {
            hosts += [h, h.hasSuffix(".local") ? h : h + ".local"]
        }
        hosts += extra.map { $0.lowercased().trimmingCharacters(in: "[]") }
        var seen: [String] = []
        for h in hosts where !seen.contains(h) { seen.append(h) }
        return seen
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = self[...]
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
