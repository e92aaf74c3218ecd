import TorchCore

/// Which connection makes room when a server is full and another client connects: one
/// rule for the control socket and the web page (`ConnectionTable`).
///
/// Refusing the newcomer (the old rule) let anyone who can reach a server hold every
/// slot with idle or half-sent connections (held, or slow-loris clients dribbling a byte
/// a second) and lock the owner out. Evicting instead keeps it usable:
///
/// 0. Unpaired before paired: a web connection that has shown a paired phone's session
///    cookie (or whose user may control the page unpaired, `WebClient`) is the owner's
///    phone, evicted only when every connection is paired; unpaired traffic from any
///    number of source addresses makes room among itself. (The control socket's clients
///    are all alike here: the socket's group already decides who may connect.)
/// 1. Group fairness next: the victim is taken from the group holding the most
///    connections — the peer's uid on the control socket (SO_PEERCRED), its address on
///    the web page — so a flood from one account or one machine only ever evicts its own
///    connections. A per-group limit alone would not do: a flood from the same uid as
///    the legitimate client (root's scripts) would still lock it out.
/// 2. A plain connection before an event stream: a stream is a page someone is looking
///    at (and its press is released when it closes); a held or half-sent connection is
///    not.
/// 3. The longest idle, idle meaning time since its last complete request or written
///    event (or since it connected): a slow-loris client's bytes do not count, and a
///    client being served has just made a request, so it is never the longest idle.
/// 4. Among equally idle, the one that connected first.
enum ConnectionEviction {
    /// One connection, as eviction sees it.
    struct Candidate: Equatable {
        /// The connection's descriptor (the answer).
        var fd: Int32
        /// Its group: "uid 1000" (or "peer unknown") on the control socket, the peer's
        /// address without its port on the web page.
        var group: String
        /// An event stream (`GET /api/events`).
        var isStream = false
        /// It showed a paired phone's session cookie, or its user may control unpaired.
        var isPaired = false
        /// Its last complete request or written event, or when it connected.
        var lastActivity: Instant
        /// The order it connected in (1, 2, …).
        var number: Int
    }

    /// The connection to close; nil only when there is none.
    static func victim(among candidates: [Candidate]) -> Int32? {
        var held: [String: Int] = [:]
        for c in candidates { held[c.group, default: 0] += 1 }
        return candidates.min { a, b in
            if a.isPaired != b.isPaired { return !a.isPaired }
            let (ha, hb) = (held[a.group] ?? 0, held[b.group] ?? 0)
            if ha != hb { return ha > hb }
            if a.isStream != b.isStream { return !a.isStream }
            if a.lastActivity != b.lastActivity { return a.lastActivity < b.lastActivity }
            return a.number < b.number
        }?.fd
    }

    /// The host part of a peer text from `TCPSocket.accept` (`1.2.3.4:5678`,
    /// `[::1]:5678`): everything before the last colon.
    static func host(ofPeer peer: String) -> String {
        guard let colon = peer.lastIndex(of: ":") else { return peer }
        return String(peer[..<colon])
    }
}
