import Testing
import TorchCore

@Suite struct HTTPRequestParserTests {
    func parse(_ text: String, limits: HTTPLimits = .standard) -> HTTPRequestParser.Outcome {
        HTTPRequestParser.parse(Array(text.utf8), limits: limits)
    }

    func request(_ text: String) -> HTTPRequest? {
        if case let .request(r, _) = parse(text) { return r }
        return nil
    }

    func status(_ text: String, limits: HTTPLimits = .standard) -> Int? {
        if case let .failure(e) = parse(text, limits: limits) { return e.status.code }
        return nil
    }

    @Test func aGetWithHeadersAndQuery() throws {
        let r = try #require(request("GET /api/events?client=ab%2Dc&x=a+b HTTP/1.1\r\nHost: torch.local:8080\r\nCookie:  a=1 \r\n\r\n"))
        #expect(r.method == "GET")
        #expect(r.path == "/api/events")
        #expect(r.queryValue("client") == "ab-c")
        #expect(r.queryValue("x") == "a b")
        #expect(r.header("HOST") == "torch.local:8080")
        #expect(r.header("cookie") == "a=1")
        #expect(r.keepAlive)
    }

    @Test func aPostWithItsBodyAndThePipelinedNextRequest() throws {
        let text = "POST /api/command HTTP/1.1\r\nHost: h\r\nContent-Length: 13\r\n\r\n{\"cmd\":\"on\"}\nGET / HTTP/1.1\r\n"
        guard case let .request(r, consumed) = parse(text) else { Issue.record("no request"); return }
        #expect(r.body == Array("{\"cmd\":\"on\"}\n".utf8))
        #expect(String(decoding: Array(text.utf8)[consumed...], as: UTF8.self) == "GET / HTTP/1.1\r\n")
    }

    @Test func partsArriveSplitAnywhere() {
        let text = "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nabcd"
        let bytes = Array(text.utf8)
        for cut in 0..<bytes.count {
            #expect(HTTPRequestParser.parse(Array(bytes[..<cut])) == .incomplete, "cut at \(cut)")
        }
        if case .request = HTTPRequestParser.parse(bytes) {} else { Issue.record("whole request not read") }
    }

    @Test func bareLineFeedsAreAccepted() {
        #expect(request("GET / HTTP/1.1\nHost: h\n\n")?.path == "/")
    }

    @Test func connectionRules() {
        #expect(request("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")?.keepAlive == false)
        #expect(request("GET / HTTP/1.0\r\n\r\n")?.keepAlive == false)
        #expect(request("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")?.keepAlive == true)
    }

    @Test func limitsGiveTheirStatusBeforeEverythingArrives() {
        let small = HTTPLimits(maxRequestLineBytes: 64, maxHeaderBytes: 256, maxHeaderCount: 4, maxBodyBytes: 100)
        #expect(status("GET /" + String(repeating: "a", count: 100), limits: small) == 414)
        #expect(status("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 300), limits: small) == 431)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\na: 1\r\nb: 2\r\nc: 3\r\nd: 4\r\n\r\n", limits: small) == 431)
        // 413 from the header alone: the body is never waited for.
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 101\r\n\r\n", limits: small) == 413)
    }

    @Test func malformedRequestsAre400() {
        for bad in ["GET\r\n\r\n", "GET / HTTP/1.1 extra\r\nHost: h\r\n\r\n", "GET http://x/ HTTP/1.1\r\nHost: h\r\n\r\n",
                    "GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", "GET / HTTP/1.1\r\nHost : h\r\n\r\n",
                    "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
                    "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
                    "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", "GET /?a=%zz HTTP/1.1\r\nHost: h\r\n\r\n",
                    "GET / HTTP/1.1\r\nHost: h\u{1}\r\n\r\n"] {
            #expect(status(bad) == 400, "\(bad.debugDescription)")
        }
    }

    @Test func unsupportedThingsSaySo() {
        #expect(status("GET / HTTP/2.0\r\nHost: h\r\n\r\n") == 505)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n") == 501)
    }

    @Test func responsesCarryTheirLengthAndClose() {
        let r = HTTPResponse.text(.notFound, "no")
        let text = String(decoding: r.bytes(keepAlive: false), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
        #expect(text.contains("Content-Length: 3\r\n"))
        #expect(text.contains("Connection: close\r\n"))
        #expect(text.hasSuffix("\r\n\r\nno\n"))
        #expect(!String(decoding: r.bytes(keepAlive: true, head: true), as: UTF8.self).hasSuffix("no\n"))
    }
}
