import Testing
import TorchCore

@Suite struct WebAccessTests {
    let allowed = ["localhost", "127.0.0.1", "::1", "torch", "torch.local"]

    @Test func hostsOnTheListWithTheRightPort() {
        #expect(WebAccess.hostAllowed("torch.local:8080", allowed: allowed, port: 8080))
        #expect(WebAccess.hostAllowed("TORCH", allowed: allowed, port: 8080))
        #expect(WebAccess.hostAllowed("[::1]:8080", allowed: allowed, port: 8080))
        #expect(!WebAccess.hostAllowed("torch.local:9090", allowed: allowed, port: 8080))
        #expect(!WebAccess.hostAllowed("evil.example:8080", allowed: allowed, port: 8080))
        #expect(!WebAccess.hostAllowed(nil, allowed: allowed, port: 8080))
        #expect(!WebAccess.hostAllowed("[::1", allowed: allowed, port: 8080))
        #expect(!WebAccess.hostAllowed("torch:x", allowed: allowed, port: 8080))
    }

    @Test func originMustBeThePageItself() {
        #expect(WebAccess.originAllowed("http://torch.local:8080", host: "torch.local:8080"))
        #expect(!WebAccess.originAllowed("http://evil.example", host: "torch.local:8080"))
        #expect(!WebAccess.originAllowed("https://torch.local:8080", host: "torch.local:8080"))
        #expect(!WebAccess.originAllowed(nil, host: "torch.local:8080"))
        #expect(!WebAccess.originAllowed("null", host: "torch.local:8080"))
    }

    @Test func cookiesAndTokens() {
        #expect(WebAccess.cookie("torch_token", in: "a=1; torch_token=abc; b=2") == "abc")
        #expect(WebAccess.cookie("torch_token", in: "xtorch_token=abc") == nil)
        #expect(WebAccess.tokensMatch("abcdefghijklmnop", "abcdefghijklmnop"))
        #expect(!WebAccess.tokensMatch("abcdefghijklmnoq", "abcdefghijklmnop"))
        #expect(!WebAccess.tokensMatch("abc", "abcdefghijklmnop"))
        #expect(!WebAccess.tokensMatch("abcdefghijklmnopq", "abcdefghijklmnop"))
        #expect(!WebAccess.tokensMatch("", ""))
        #expect(WebAccess.isWellFormedToken("Abc-_0123456789xyz"))
        #expect(!WebAccess.isWellFormedToken("short"))
        #expect(!WebAccess.isWellFormedToken("has space in it here"))
    }

    @Test func listenAddresses() throws {
        #expect(try WebListenAddress.parse("127.0.0.1:8080") == WebListenAddress(host: "127.0.0.1", port: 8080, isIPv6: false))
        #expect(try WebListenAddress.parse("localhost:80").host == "127.0.0.1")
        let v6 = try WebListenAddress.parse("[::]:8080")
        #expect(v6.isIPv6 && v6.isWildcard && v6.description == "[::]:8080")
        #expect(try WebListenAddress.parse("[::1]:1").isLoopback)
        #expect(try !WebListenAddress.parse("0.0.0.0:8080").isLoopback)
        for bad in ["8080", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:65536", "256.0.0.1:80", "host.lan:80", "[zz]:80", "1.2.3:80", ":80"] {
            #expect(throws: ValueError.self, "\(bad)") { try WebListenAddress.parse(bad) }
        }
    }

    @Test func everyReplyForbidsFramingAndSendsNoCORS() {
        let csp = WebAccess.securityHeaders.first { $0.name == "Content-Security-Policy" }?.value ?? ""
        #expect(csp.contains("frame-ancestors 'none'"))
        #expect(!csp.contains("unsafe-inline"))
        #expect(!WebAccess.securityHeaders.contains { $0.name.lowercased().hasPrefix("access-control") })
    }
}
