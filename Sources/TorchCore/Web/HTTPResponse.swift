/// One HTTP/1.1 response: status, header fields and body, written as bytes by `bytes`.
public struct HTTPResponse: Equatable, Sendable {
    public var status: HTTPStatus
    /// Fields in order, as written (`Content-Length` and `Connection` are added by `bytes`).
    public var headers: [HTTPField]
    public var body: [UInt8]

    public init(_ status: HTTPStatus, headers: [HTTPField] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A plain-text body (one line, newline added).
    public static func text(_ status: HTTPStatus, _ line: String) -> HTTPResponse {
        HTTPResponse(status, headers: [HTTPField("Content-Type", "text/plain; charset=utf-8")],
                     body: Array((line + "\n").utf8))
    }

    /// A JSON body (compact, newline added).
    public static func json(_ status: HTTPStatus, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(status, headers: [HTTPField("Content-Type", "application/json")],
                     body: Array((value.jsonText + "\n").utf8))
    }

    /// The first field called `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The status line, the fields, `Content-Length`, `Connection`, the empty line and
    /// the body. A HEAD reply keeps the length and drops the body.
    public func bytes(keepAlive: Bool, head: Bool = false) -> [UInt8] {
        var text = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        for f in headers { text += "\(f.name): \(f.value)\r\n" }
        text += "Content-Length: \(body.count)\r\n"
        text += keepAlive ? "" : "Connection: close\r\n"
        text += "\r\n"
        return Array(text.utf8) + (head ? [] : body)
    }
}

/// One header field of a response.
public struct HTTPField: Equatable, Sendable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
