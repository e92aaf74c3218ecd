import TorchCore
import TorchHardware

/// Who is paired with the web page: the phones of the token file (re-read when it
/// changes, `WebTokenCache`) and the sessions their pages traded a link's token for
/// (`WebSessions`, in memory). The server asks it for every request, the routes
/// (`WebAPI`) when a page pairs or presents its cookie.
final class WebPairing {
    private let cache: WebTokenCache
    private var sessions: WebSessions
    private let log: WebServer.Log

    init(files: WebTokenFiles, sessionCapacity: Int = 64, log: @escaping WebServer.Log) {
        cache = WebTokenCache(files: files)
        sessions = WebSessions(capacity: sessionCapacity)
        self.log = log
    }

    /// The phones now: nothing when the file is malformed (logged once per change).
    func table() -> WebTokenTable {
        let (result, changed) = cache.table()
        switch result {
        case let .success(table):
            if changed { sessions.prune(table) }
            return table
        case let .failure(error):
            if changed { log(.error, "web: \(error): no phone is paired until it is fixed (torch web-link --list)") }
            return WebTokenTable()
        }
    }

    /// The phone whose link's token `token` is (pairing, or a bearer token for `/metrics`).
    func phone(presenting token: String?) -> WebPhone? {
        table().phone(presenting: token)
    }

    /// The phone whose session the cookie names; nil when none or revoked.
    func phone(session id: String?) -> WebPhone? {
        guard let id else { return nil }
        return sessions.phone(for: id, in: table())
    }

    /// A new session for `phone`: its id, random from the kernel (`RandomToken`).
    func openSession(for phone: WebPhone) throws(HardwareError) -> String {
        let id = try RandomToken.make()
        sessions.open(id, for: phone)
        return id
    }
}
