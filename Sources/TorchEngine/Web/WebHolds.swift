import TorchCore

/// The dead-man rule for the page's virtual-button presses: a press is held on behalf
/// of one page (its id) and lives only while that page shows signs of life. A page
/// renews its hold every 250 ms while the pointer is down; a hold not renewed within
/// the lease, or whose page's event stream closed, is released by the server (the
/// light is never latched by a tab that went away).
struct WebHolds {
    struct Hold: Equatable {
        /// The virtual button's role.
        var role: ButtonRole
        var expires: Instant
        /// The light was dark when the press began: a release the server makes for it
        /// must leave it dark (a short abandoned press would otherwise be a tap, and latch).
        var fromDark: Bool
    }

    /// Page id → its press in progress.
    private(set) var held: [String: Hold] = [:]

    var nextDeadline: Instant? { held.values.map(\.expires).min() }

    mutating func pressed(_ client: String, role: ButtonRole, fromDark: Bool, at now: Instant, lease: Duration) {
        held[client] = Hold(role: role, expires: now + lease, fromDark: fromDark)
    }

    mutating func released(_ client: String) {
        held[client] = nil
    }

    /// True when the page had a press to renew.
    mutating func renew(_ client: String, at now: Instant, lease: Duration) -> Bool {
        guard held[client] != nil else { return false }
        held[client]?.expires = now + lease
        return true
    }

    /// The presses whose lease ran out by `now` (removed), by page id.
    mutating func expired(at now: Instant) -> [(client: String, hold: Hold)] {
        let due = held.filter { now >= $0.value.expires }.map { (client: $0.key, hold: $0.value) }
        for d in due { held[d.client] = nil }
        return due.sorted { $0.client < $1.client }
    }

    /// The presses of pages that went away (event stream closed), removed.
    mutating func abandoned(by clients: [String]) -> [(client: String, hold: Hold)] {
        var out: [(client: String, hold: Hold)] = []
        for c in clients { if let h = held.removeValue(forKey: c) { out.append((c, h)) } }
        return out
    }
}
