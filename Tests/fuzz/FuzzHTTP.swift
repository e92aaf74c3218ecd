/// The web server's request parser (bytes as a client sends them): never crashes, and a
/// request it reads is consistent — it took no more bytes than it had, its body is its
/// Content-Length, every prefix of it is "incomplete" (a request is never read early
/// or differently from a split), and written back it reads as the same request.
func fuzzHTTP(_ bytes: [UInt8]) {
    let limits = HTTPLimits(maxRequestLineBytes: 256, maxHeaderBytes: 1024, maxHeaderCount: 16, maxBodyBytes: 512)
    let input = text(bytes)
    guard case let .request(r, consumed) = HTTPRequestParser.parse(bytes, limits: limits) else { return }
    guard consumed > 0, consumed <= bytes.count else { violated("consumed \(consumed) of \(bytes.count)", input) }
    if let length = r.header("content-length"), Int(length) != r.body.count {
        violated("body of \(r.body.count) bytes for Content-Length \(length)", input)
    }
    for cut in [consumed / 3, consumed / 2, consumed - 1] where cut >= 0 {
        guard HTTPRequestParser.parse(Array(bytes[..<cut]), limits: limits) == .incomplete else {
            violated("a prefix of \(cut) bytes is not incomplete", input)
        }
    }
    var again = "\(r.method) \(r.target) HTTP/1.\(r.minorVersion)\r\n"
    for h in r.headers { again += "\(h.name): \(h.value)\r\n" }
    let written = Array((again + "\r\n").utf8) + r.body
    guard case let .request(back, n) = HTTPRequestParser.parse(written, limits: limits), n == written.count else {
        // Written back with CR LF and single spaces it can only be shorter than what was read.
        if written.count <= consumed { violated("the request written back does not read", input) }
        return
    }
    guard back == r else { violated("the request written back reads differently", input) }
}
