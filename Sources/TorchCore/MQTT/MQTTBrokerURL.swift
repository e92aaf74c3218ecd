/// Where the broker is: `mqtt://host[:port]` (the `broker` key, `torch run --mqtt`).
/// The host is a name, an IPv4 address or an IPv6 address in brackets
/// (`mqtt://[fd00::5]:1883`); the port defaults to 1883. `mqtts://` (TLS) is refused with
/// a line saying TLS is not there yet.
public struct MQTTBrokerURL: Equatable, Sendable, CustomStringConvertible {
    public static let defaultPort = 1883
    public static let allowed = "mqtt://HOST[:PORT] (a host name, an IPv4 address or [an IPv6 address]; port 1…65535, default 1883)"

    public var host: String
    public var port: Int

    public init(host: String, port: Int = defaultPort) {
        self.host = host
        self.port = port
    }

    public static func parse(_ text: String) throws(ValueError) -> MQTTBrokerURL {
        let lower = text.lowercased()
        if lower.hasPrefix("mqtts://") || lower.hasPrefix("ssl://") {
            throw ValueError(value: text, allowed: "mqtt://HOST[:PORT]: TLS (mqtts://) is not supported yet")
        }
        guard lower.hasPrefix("mqtt://") || lower.hasPrefix("tcp://") else { throw ValueError(value: text, allowed: allowed) }
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
        var port = defaultPort
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p) else { throw ValueError(value: text, allowed: allowed) }
            port = p
        }
        return MQTTBrokerURL(host: String(host), port: port)
    }

    public var description: String {
        host.contains(":") ? "mqtt://[\(host)]:\(port)" : "mqtt://\(host):\(port)"
    }
}
