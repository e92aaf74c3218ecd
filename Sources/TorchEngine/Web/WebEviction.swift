import TorchCore

/// Which connection makes room when the web server is full and another client connects.
///
/// Refusing the newcomer with 503 (the old rule) let anything that can reach the port
/// hold every slot with idle or half-sent connections (200 held, or slow-loris clients
/// dribbling a byte a second) and lock the phone out. Evicting instead keeps the page
/// usable, as `ControlEviction` does for the control socket:
///
/// 0. Unpaired before paired: a connection that has shown the pairing cookie (or whose
///    user may control the page unpaired, `WebClient`) is the owner's phone, and is
///    evicted only when every connection is paired. Unpaired traffic from any number of
///    source addresses makes room among itself.
/// 1. Host fairness next: the victim is taken from the peer address holding the most
///    connections, so a flood from one machine only ever evicts its own connections,
///    never the phone's (a page needs at most 6 plus its event stream).
/// 2. A plain connection before an event stream: a stream is a page someone is looking
///    at (and its press is released when it closes); a held or half-sent connection
///    is not.
/// 3. The longest idle, idle meaning time since its last complete request or written
///    event (or since it connected, if it never sent one): a slow-loris client's bytes
///    do not count, and a client being served has just made a request, so it is never
///    the longest idle.
/// 4. Among equally idle, the one that connected first.
///
/// The server also reads every ready connection before accepting, and accepts at most
/// half the cap per wake-up (`WebServer`), so a connection is read at least once before
/// newcomers can push it out: a burst of connects cannot evict a normal client's
/// connection before its request arrives.
enum WebEviction {
    /// One connection, as eviction sees it.
    struct Candidate: Equatable {
        /// The connection's descriptor (the answer).
        var fd: Int32
        /// The peer's address without its port (`127.0.0.1`, `[::1]`).
        var host: String
        /// An event stream (`GET /api/events`).
        var isStream: Bool
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
        for c in candidates { held[c.host, default: 0] += 1 }
        return candidates.min { a, b in
            if a.isPaired != b.isPaired { return !a.isPaired }
            let (ha, hb) = (held[a.host] ?? 0, held[b.host] ?? 0)
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
