import Testing
import TorchCore
@testable import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// Loopback is not a back door: without pairing, a client has control only when its
/// user could use the control socket (real connections; the peer's user is read from
/// the kernel's socket table). `make web-test` checks another user too
/// (Tests/web/loopback-users.py, as `nobody`).
@Suite struct WebLoopbackUserTests {
    /// What the server told the handler about the one client's first request.
    func clientSeen(controlSocket: String?) throws -> WebClient? {
        let h = try WebHarness(controlSocket: controlSocket)
        let c = h.connect()
        defer { close(c) }
        h.send(c, "GET /a HTTP/1.1\r\nHost: localhost\r\n\r\n")
        var seen: WebClient?
        h.pump { _, client, _ in seen = client; return .reply(.text(.ok, "hi")) }
        return seen
    }

    @Test func theSocketsOwnUserHasControl() throws {
        var template = Array("/tmp/torch-loopback-XXXXXX".utf8CString)
        let dir = try #require(mkdtemp(&template).map { String(cString: $0) })
        let path = dir + "/torch.sock"
        let fd = try UnixSocket.listen(path: path)
        defer { fd.close(); unlink(path); rmdir(dir) }
        let seen = try #require(try clientSeen(controlSocket: path))
        // This test runs as the socket's owner (or root): control without pairing.
        #expect(seen.mayControlUnpaired)
        #expect(seen.peer.hasPrefix("127.0.0.1:"))
    }

    @Test func rootNeedsNoSocketFile() throws {
        // Root may use any socket; another user is judged against the file, and with no
        // file at all is refused (Tests/web/loopback-users.py checks `nobody`).
        try #require(geteuid() == 0)
        let seen = try #require(try clientSeen(controlSocket: "/nonexistent/torch.sock"))
        #expect(seen.mayControlUnpaired)
    }

    @Test func withoutAControlSocketNobodyIsTrusted() throws {
        let seen = try #require(try clientSeen(controlSocket: nil))
        #expect(!seen.mayControlUnpaired)
    }
}
