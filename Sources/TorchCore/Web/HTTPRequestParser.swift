/// Reads HTTP/1.0 and 1.1 requests from the bytes a connection has received so far: no
/// I/O, so the server, the unit tests and the fuzzer drive it alike.
///
/// Strict where laxness is a known attack (RFC 9112): no obs-fold or obs-text, no space before a
/// field's colon, one `Host` on 1.1, one agreeing `Content-Length`, no
/// `Transfer-Encoding` (chunked bodies are not needed by the page: 501). Line ends are
/// CRLF or a bare LF. Every limit in `HTTPLimits` is checked as soon as the bytes
/// received break it, so a client cannot make the server buffer more than the limits.
public enum HTTPRequestParser {
    /// What the received bytes hold.
    public enum Outcome: Equatable, Sendable {
        /// Not a whole request yet (and no limit broken): wait for more bytes.
        case incomplete
        /// A request, which took the first `consumed` bytes (the rest is the next one).
        case request(HTTPRequest, consumed: Int)
        /// A request that must be refused; the connection is then closed.
        case failure(HTTPError)
    }

    public static func parse(_ bytes: [UInt8], limits: HTTPLimits = .standard) -> Outcome {
        // The request line first: its own limit gives 414 rather than 431.
        guard let firstLF = bytes.firstIndex(of: lf) else {
            if bytes.count > limits.maxRequestLineBytes + 1 {
                return .failure(HTTPError(.uriTooLong, "request line over \(limits.maxRequestLineBytes) bytes"))
            }
            return .incomplete
        }
        let lineEnd = firstLF > 0 && bytes[firstLF - 1] == cr ? firstLF - 1 : firstLF
        if lineEnd > limits.maxRequestLineBytes {
            return .failure(HTTPError(.uriTooLong, "request line over \(limits.maxRequestLineBytes) bytes"))
        }
        guard let headEnd = endOfHead(bytes, from: firstLF) else {
            // +2: the empty line's CR LF may still be on its way after a full header.
            if bytes.count > limits.maxHeaderBytes + 2 {
                return .failure(HTTPError(.headerFieldsTooLarge, "header over \(limits.maxHeaderBytes) bytes"))
            }
            return .incomplete
        }
        if headEnd.fieldsEnd > limits.maxHeaderBytes {
            return .failure(HTTPError(.headerFieldsTooLarge, "header over \(limits.maxHeaderBytes) bytes"))
        }
        do throws(HTTPError) {
            var request = try requestLine(Array(bytes[0..<lineEnd]))
            request.headers = try fields(Array(bytes[(firstLF + 1)..<headEnd.fieldsEnd]), limits: limits)
            try checkHost(request)
            let length = try contentLength(request, limits: limits)
            let total = headEnd.bodyStart + length
            guard bytes.count >= total else { return .incomplete }
            request.body = Array(bytes[headEnd.bodyStart..<total])
            return .request(request, consumed: total)
        } catch {
            return .failure(error)
        }
    }

    static let cr: UInt8 = 13
    static let lf: UInt8 = 10

    /// Where the header fields end (the index of the empty line) and the body starts.
    /// `from` is the request line's LF; the request line alone followed by an empty
    /// line has no fields.
    static func endOfHead(_ b: [UInt8], from firstLF: Int) -> (fieldsEnd: Int, bodyStart: Int)? {
        var lineStart = firstLF + 1
        while lineStart < b.count {
            // An empty line: LF or CR LF.
            if b[lineStart] == lf { return (lineStart, lineStart + 1) }
            if b[lineStart] == cr, lineStart + 1 < b.count, b[lineStart + 1] == lf { return (lineStart, lineStart + 2) }
            guard let next = b[lineStart...].firstIndex(of: lf) else { return nil }
            lineStart = next + 1
        }
        return nil
    }

    /// `METHOD SP origin-form SP HTTP/1.x`.
    static func requestLine(_ line: [UInt8]) throws(HTTPError) -> HTTPRequest {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw HTTPError(.badRequest, "request line is not 'METHOD /path HTTP/1.1'")
        }
        let method = Array(parts[0]), target = Array(parts[1]), version = Array(parts[2])
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else {
            throw HTTPError(.badRequest, "method is not a token")
        }
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPError(.badRequest, "request target must be a path starting with '/' (printable ASCII)")
        }
        let minor: Int
        switch String(decoding: version, as: UTF8.self) {
        case "HTTP/1.1": minor = 1
        case "HTTP/1.0": minor = 0
        default:
            guard version.starts(with: Array("HTTP/".utf8)) else { throw HTTPError(.badRequest, "no HTTP version") }
            throw HTTPError(.versionNotSupported, "only HTTP/1.0 and HTTP/1.1 are spoken here")
        }
        let targetText = String(decoding: target, as: UTF8.self)
        let path: String, query: [(name: String, value: String)]
        if let q = target.firstIndex(of: UInt8(ascii: "?")) {
            path = String(decoding: target[..<q], as: UTF8.self)
            query = try parseQuery(Array(target[(q + 1)...]))
        } else {
            path = targetText
            query = []
        }
        return HTTPRequest(method: String(decoding: method, as: UTF8.self), target: targetText, path: path,
                           query: query, minorVersion: minor)
    }

    /// `name: value` lines (each ending LF or CR LF).
    static func fields(_ block: [UInt8], limits: HTTPLimits) throws(HTTPError) -> [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        for raw in block.split(separator: lf, omittingEmptySubsequences: false).dropLast() {
            var line = Array(raw)
            if line.last == cr { line.removeLast() }
            if line.first == 0x20 || line.first == 0x09 {
                throw HTTPError(.badRequest, "folded header line (obs-fold) is not accepted")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
                throw HTTPError(.badRequest, "header line without 'name:'")
            }
            let name = line[..<colon]
            guard name.allSatisfy(isTokenByte) else {
                throw HTTPError(.badRequest, "header name is not a token (no space before ':')")
            }
            let value = line[(colon + 1)...]
            // Printable ASCII only: obs-text (bytes over 0x7F) is legal but nothing here
            // needs it, and refusing it keeps every value exact text.
            guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 < 0x7F) }) else {
                throw HTTPError(.badRequest, "a header value holds a control character or a byte over 0x7F")
            }
            out.append((String(decoding: name, as: UTF8.self).lowercased(),
                        Substring(String(decoding: value, as: UTF8.self)).trimmingSpaces))
            if out.count > limits.maxHeaderCount {
                throw HTTPError(.headerFieldsTooLarge, "more than \(limits.maxHeaderCount) header fields")
            }
        }
        return out
    }

    /// HTTP/1.1 needs exactly one `Host` (RFC 9112 §3.2); 1.0 may omit it.
    static func checkHost(_ r: HTTPRequest) throws(HTTPError) {
        let hosts = r.headers.filter { $0.name == "host" }
        if hosts.count > 1 { throw HTTPError(.badRequest, "more than one Host header") }
        if hosts.isEmpty && r.minorVersion == 1 { throw HTTPError(.badRequest, "HTTP/1.1 request without Host") }
    }

    /// The body length: 0 without `Content-Length`; every copy must agree and be digits.
    static func contentLength(_ r: HTTPRequest, limits: HTTPLimits) throws(HTTPError) -> Int {
        if r.headers.contains(where: { $0.name == "transfer-encoding" }) {
            throw HTTPError(.notImplemented, "Transfer-Encoding is not supported: send Content-Length")
        }
        var length: Int?
        for f in r.headers where f.name == "content-length" {
            guard !f.value.isEmpty, f.value.utf8.count <= 18, f.value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let n = Int(f.value) else {
                throw HTTPError(.badRequest, "Content-Length '\(f.value.prefix(20))' is not a number of bytes")
            }
            if let l = length, l != n { throw HTTPError(.badRequest, "Content-Length values disagree") }
            length = n
        }
        let n = length ?? 0
        if n > limits.maxBodyBytes {
            throw HTTPError(.payloadTooLarge, "body of \(n) bytes: at most \(limits.maxBodyBytes)")
        }
        return n
    }

    /// `a=1&b=x%20y`: pairs percent-decoded (`+` is a space); a bad escape is 400.
    static func parseQuery(_ q: [UInt8]) throws(HTTPError) -> [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        for pair in q.split(separator: UInt8(ascii: "&")) {
            let eq = pair.firstIndex(of: UInt8(ascii: "="))
            let name = try percentDecode(Array(eq.map { pair[..<$0] } ?? pair[...]))
            let value = try eq.map { i throws(HTTPError) in try percentDecode(Array(pair[(i + 1)...])) } ?? ""
            out.append((name, value))
        }
        return out
    }

    static func percentDecode(_ b: [UInt8]) throws(HTTPError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "%"):
                guard i + 2 < b.count, let hi = hexValue(b[i + 1]), let lo = hexValue(b[i + 2]) else {
                    throw HTTPError(.badRequest, "bad percent escape in the query")
                }
                out.append(hi << 4 | lo)
                i += 3
            case UInt8(ascii: "+"):
                out.append(0x20)
                i += 1
            default:
                out.append(b[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }

    /// RFC 9110 tchar: the bytes of a method or field name.
    static func isTokenByte(_ c: UInt8) -> Bool {
        switch c {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(c)
        }
    }
}
