/// `[web] listen`: where the web page is served, `ADDRESS:PORT` with a numeric IPv4
/// address, an IPv6 address in brackets, or `localhost` (127.0.0.1).
///
///     127.0.0.1:8080   0.0.0.0:8080   [::1]:8080   [::]:8080   localhost:8080
public struct WebListenAddress: Equatable, Sendable, CustomStringConvertible {
    /// The numeric address, without brackets (`127.0.0.1`, `::1`).
    public var host: String
    /// 1…65535 (0, "any free port", is refused: the page's address must be known).
    public var port: UInt16
    public var isIPv6: Bool

    public static let meaning = "ADDRESS:PORT with a numeric IPv4 address, [IPv6] or localhost, and a port 1-65535 (e.g. 127.0.0.1:8080, 0.0.0.0:8080, [::]:8080)"

    public init(host: String, port: UInt16, isIPv6: Bool) {
        self.host = host
        self.port = port
        self.isIPv6 = isIPv6
    }

    public static func parse(_ text: String) throws(ValueError) -> WebListenAddress {
        let fail = ValueError(value: text, allowed: meaning)
        guard let colon = text.lastIndex(of: ":") else { throw fail }
        var host = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
              let port = Int(portText), (1...65535).contains(port) else { throw fail }
        var v6 = false
        if host.hasPrefix("[") && host.hasSuffix("]") && host.count > 2 {
            host = String(host.dropFirst().dropLast())
            guard host.contains(":"), host.count <= 45,
                  host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { throw fail }
            v6 = true
        } else if host == "localhost" {
            host = "127.0.0.1"
        } else {
            let octets = host.split(separator: ".", omittingEmptySubsequences: false)
            guard octets.count == 4, octets.allSatisfy({ o in
                !o.isEmpty && o.count <= 3 && o.allSatisfy({ $0.isASCII && $0.isNumber }) && (Int(o) ?? 256) <= 255
            }) else { throw fail }
        }
        return WebListenAddress(host: host, port: UInt16(port), isIPv6: v6)
    }

    /// 127.0.0.0/8 or ::1: only this machine can connect.
    public var isLoopback: Bool {
        isIPv6 ? host == "::1" : host.hasPrefix("127.")
    }

    /// 0.0.0.0 or ::: every interface.
    public var isWildcard: Bool { host == "0.0.0.0" || host == "::" }

    /// The host part of a URL for it: `[::1]` for IPv6.
    public var urlHost: String { isIPv6 ? "[\(host)]" : host }

    public var description: String { "\(urlHost):\(port)" }
}
