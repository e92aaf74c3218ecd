/// One HTTP/1.x request as `HTTPRequestParser` read it: the request line, the header
/// fields in order (names lower-cased), and the body (`Content-Length` bytes).
public struct HTTPRequest: Equatable, Sendable {
    /// The method token, as sent (`GET`, `POST`); methods are case-sensitive.
    public var method: String
    /// The request target in origin form, as sent (`/api/events?client=a1`).
    public var target: String
    /// The target's path, before `?`, not percent-decoded (routes are plain ASCII).
    public var path: String
    /// The query's `name=value` pairs, percent-decoded, in order.
    public var query: [(name: String, value: String)]
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    public var minorVersion: Int
    /// The header fields in order; names lower-cased, values trimmed of spaces and tabs.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(method: String, target: String, path: String, query: [(name: String, value: String)] = [],
                minorVersion: Int = 1, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.minorVersion = minorVersion
        self.headers = headers
        self.body = body
    }

    /// The first field called `name` (any case); nil when absent.
    public func header(_ name: String) -> String? {
        let n = name.lowercased()
        return headers.first { $0.name == n }?.value
    }

    /// The first query parameter called `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// Whether the connection stays open after the reply: HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    public var keepAlive: Bool {
        let tokens = (header("connection") ?? "").lowercased().split(separator: ",").map { $0.trimmingSpaces }
        if tokens.contains("close") { return false }
        return minorVersion >= 1 || tokens.contains("keep-alive")
    }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.target == b.target && a.path == b.path && a.minorVersion == b.minorVersion
            && a.body == b.body
            && a.query.map { [$0.name, $0.value] } == b.query.map { [$0.name, $0.value] }
            && a.headers.map { [$0.name, $0.value] } == b.headers.map { [$0.name, $0.value] }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmingSpaces: String {
        var s = self[...]
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
