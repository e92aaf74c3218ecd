/// The sessions the web page's browsers traded a link's token for (`POST /api/pair`):
/// the cookie carries only a session id, never the token, and a session lasts while its
/// phone does. Revoking the phone, or minting it again under the same name, ends its
/// sessions at the next request: a session is bound to the phone's name and the token
/// it was traded for, both looked up in the token table as it is now.
///
/// Kept in the service's memory only: nothing secret is written by the service, and a
/// restart of the service ends every session (the page then asks for the link again).
public struct WebSessions: Sendable {
    /// What a session was opened for.
    struct Session: Sendable, Equatable {
        var phone: String
        var token: String
        /// The order it was opened in (1, 2, …): the oldest makes room first.
        var number: Int
    }

    /// The sessions kept at once, for every phone together: a page that pairs in a loop
    /// costs memory only up to this; the oldest session makes room for a new one.
    public let capacity: Int
    private var sessions: [String: Session] = [:]
    private var opened = 0

    public init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
    }

    public var count: Int { sessions.count }

    /// Opens session `id` (a random id from the OS, `RandomToken`) for `phone`; at the
    /// capacity the oldest session is ended first.
    public mutating func open(_ id: String, for phone: WebPhone) {
        if sessions[id] == nil, sessions.count >= capacity,
           let oldest = sessions.min(by: { $0.value.number < $1.value.number })?.key {
            sessions[oldest] = nil
        }
        opened += 1
        sessions[id] = Session(phone: phone.name, token: phone.token, number: opened)
    }

    /// The phone session `id` belongs to, as `table` has it now; nil when there is no
    /// such session or its phone was revoked (or minted again: another token).
    public func phone(for id: String?, in table: WebTokenTable) -> WebPhone? {
        guard let id, let s = sessions[id], let p = table.phone(named: s.phone),
              WebAccess.tokensMatch(s.token, p.token) else { return nil }
        return p
    }

    /// Forgets the sessions whose phone is gone from `table` (after a revocation: they
    /// are refused anyway, this frees their memory).
    public mutating func prune(_ table: WebTokenTable) {
        sessions = sessions.filter { _, s in table.phone(named: s.phone).map { WebAccess.tokensMatch(s.token, $0.token) } ?? false }
    }
}
