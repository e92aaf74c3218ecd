/// Where the broker is: `mqtt://host[:port]` or, over TLS, `mqtts://host[:port]` (the
/// `broker` key, `torch run --mqtt`). The host is a name, an IPv4 address or an IPv6
/// address in brackets (`mqtt://[fd00::5]:1883`); the port defaults to 1883, 8883 for
/// TLS. `tcp://` and `ssl://` are read as `mqtt://` and `mqtts://`.
public struct MQTTBrokerURL: Equatable, Sendable, CustomStringConvertible {
    public static let defaultPort = 1883
    public static let defaultTLSPort = 8883
    public static let allowed = "mqtt://HOST[:PORT] or mqtts://HOST[:PORT] (TLS) (a host name, an IPv4 address or [an IPv6 address]; port 1…65535, default 1883, 8883 for mqtts)"

    public var host: String
    public var port: Int
    /// The connection is TLS (`mqtts://`): the broker's certificate is verified for `host`.
    public var tls: Bool

    public init(host: String, port: Int? = nil, tls: Bool = false) {
        self.host = host
        self.port = port ?? (tls ? Self.defaultTLSPort : Self.defaultPort)
        self.tls = tls
    }

    public static func parse(_ text: String) throws(ValueError) -> MQTTBrokerURL {
        let lower = text.lowercased()
        let tls = lower.hasPrefix("mqtts://") || lower.hasPrefix("ssl://")
        guard tls || lower.hasPrefix("mqtt://") || lower.hasPrefix("tcp://") else { throw ValueError(value: text, allowed: allowed) }
        var rest = Substring(text.drop { $0 != ":" }.dropFirst(3))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let host: Substring
        var portText: Substring? = nil
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw ValueError(value: text, allowed: allowed) }
            host = rest[rest.index(after: rest.startIndex) ..< close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw ValueError(value: text, allowed: allowed) }
                portText = after.dropFirst()
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw ValueError(value: text, allowed: allowed)
            }
        } else {
            let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { throw ValueError(value: text, allowed: allowed) }
            host = parts[0]
            if parts.count == 2 { portText = parts[1] }
            guard !host.isEmpty, host.utf8.count <= 253,
                  host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else {
                throw ValueError(value: text, allowed: allowed)
            }
        }
        var port: Int? = nil
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p) else { throw ValueError(value: text, allowed: allowed) }
            port = p
        }
        return MQTTBrokerURL(host: String(host), port: port, tls: tls)
    }

    public var description: String {
        let scheme = tls ? "mqtts" : "mqtt"
        return host.contains(":") ? "\(scheme)://[\(host)]:\(port)" : "\(scheme)://\(host):\(port)"
    }
}
