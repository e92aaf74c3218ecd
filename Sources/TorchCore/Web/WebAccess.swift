/// The web server's security checks as pure functions (the rules are in docs/control-protocol.md,
/// "The web API"): which `Host` a request may name (DNS rebinding), which `Origin` may
/// send commands (cross-site requests), and the pairing cookie.
public enum WebAccess {
    /// The cookie that carries the page's session id once it has paired (`WebSessions`;
    /// never a token). The cookie of before, `torch_token`, held the token itself and is
    /// ignored: such a phone opens its link again.
    public static let cookieName = "torch_session"

    /// True when `host` (the `Host` header) names one of `allowed` (lower-case names or
    /// numeric addresses, IPv6 without brackets) and, when it carries a port, `port`.
    /// A missing Host (HTTP/1.0) is refused: the check must not be skippable.
    public static func hostAllowed(_ host: String?, allowed: [String], port: UInt16) -> Bool {
        guard let host, let (name, p) = splitHost(host) else { return false }
        if let p, p != port { return false }
        return allowed.contains(name)
    }

    /// `name[:port]` or `[v6][:port]` → the lower-cased name (IPv6 without brackets)
    /// and the port; nil when it is not that shape.
    static func splitHost(_ host: String) -> (String, UInt16?)? {
        var name = Substring(host.lowercased())
        var port: UInt16?
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return nil }
            let rest = name[name.index(after: close)...]
            name = name[name.index(after: name.startIndex)..<close]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let p = UInt16(rest.dropFirst()) else { return nil }
                port = p
            }
        } else if let colon = name.firstIndex(of: ":") {
            guard let p = UInt16(name[name.index(after: colon)...]) else { return nil }
            port = p
            name = name[..<colon]
        }
        guard !name.isEmpty else { return nil }
        return (String(name), port)
    }

    /// A command must come from the page itself: `Origin` is exactly `http://` plus the
    /// request's own `Host` (same scheme, host and port). A missing Origin is refused
    /// (every browser sends one with a POST from script; `curl` must add it).
    public static func originAllowed(_ origin: String?, host: String?) -> Bool {
        guard let origin, let host else { return false }
        return origin.lowercased() == "http://" + host.lowercased()
    }

    /// The value of cookie `name` in a `Cookie` header (`a=1; torch_token=…`).
    public static func cookie(_ name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for part in header.split(separator: ";") {
            let pair = Substring(part).trimmingSpaces
            guard let eq = pair.firstIndex(of: "=") else { continue }
            if pair[..<eq] == name { return String(pair[pair.index(after: eq)...]) }
        }
        return nil
    }

    /// The token of an `Authorization: Bearer TOKEN` header (RFC 6750 §2.1; the scheme's
    /// case is ignored), as a Prometheus server's `authorization` sends it; nil otherwise.
    public static func bearerToken(in header: String?) -> String? {
        guard let header else { return nil }
        let h = Substring(header).trimmingSpaces
        guard h.count > 7, h.prefix(7).lowercased() == "bearer " else { return nil }
        let token = Substring(h.dropFirst(7)).trimmingSpaces
        return token.isEmpty ? nil : String(token)
    }

    /// Compares a presented token with the real one in time that does not depend on
    /// where they first differ (a network timing attack learns nothing).
    public static func tokensMatch(_ presented: String?, _ real: String?) -> Bool {
        guard let p = presented, let r = real, !r.isEmpty else { return false }
        let a = Array(p.utf8), b = Array(r.utf8)
        var diff = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<b.count { diff |= (i < a.count ? a[i] : 0) ^ b[i] }
        return diff == 0
    }

    /// A token as `torch web-link` makes them: 16 to 128 characters of `A-Z a-z 0-9 - _`.
    public static func isWellFormedToken(_ s: String) -> Bool {
        (16...128).contains(s.utf8.count) && s.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F
        }
    }

    /// The response header every reply carries: a page that only loads its own files,
    /// cannot be framed (clickjacking), and no CORS header anywhere.
    public static let securityHeaders: [HTTPField] = [
        HTTPField("Content-Security-Policy",
                  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
        HTTPField("X-Content-Type-Options", "nosniff"),
        HTTPField("X-Frame-Options", "DENY"),
        HTTPField("Referrer-Policy", "no-referrer"),
        HTTPField("Cache-Control", "no-store"),
    ]
}
