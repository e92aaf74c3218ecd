import TorchCore

/// Which connection makes room when the control socket is full and another client
/// connects.
///
/// Refusing the newcomer (the old rule) let anyone who can reach the socket hold every
/// slot with idle connections and lock out `torch status`. Evicting instead keeps the
/// socket usable: the connection idle longest goes, idle meaning time since its last
/// complete request (or since it connected, if it never sent one). A client that is
/// served does not hold on: it connects, asks and gets its reply in a few milliseconds,
/// so it is never the longest idle.
///
/// Uid fairness comes first (SO_PEERCRED): the victim is taken from the uid that holds
/// the most connections, so a neighbour flooding the socket from one account only ever
/// evicts its own connections, never another user's. A per-uid limit alone would not
/// do: a flood from the same uid as the legitimate client (root's scripts) would still
/// lock it out.
enum ControlEviction {
    /// One connected client, as eviction sees it.
    struct Candidate: Equatable {
        /// The connection's descriptor (the answer).
        var fd: Int32
        /// The peer's uid; nil when SO_PEERCRED failed (all such peers count as one).
        var uid: UInt32?
        /// Its last complete request, or when it connected.
        var lastRequest: Instant
        /// The order it connected in (1, 2, …): among equally idle, the oldest goes.
        var number: Int
    }

    /// The connection to close; nil only when there is none.
    static func victim(among candidates: [Candidate]) -> Int32? {
        var held: [UInt32?: Int] = [:]
        for c in candidates { held[c.uid, default: 0] += 1 }
        return candidates.min { a, b in
            let (ha, hb) = (held[a.uid] ?? 0, held[b.uid] ?? 0)
            if ha != hb { return ha > hb }
            if a.lastRequest != b.lastRequest { return a.lastRequest < b.lastRequest }
            return a.number < b.number
        }?.fd
    }
}
