import Testing
import TorchCore
@testable import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// The peer's user of a real loopback connection, from the kernel: sock_diag's exact
/// lookup, and the `/proc/net/tcp` line it falls back to, agree with this process's uid.
@Suite struct LoopbackPeerLookupTests {
    /// A listener on 127.0.0.1, a client connected to it, and the accepted end.
    func connection() throws -> (listener: Int32, client: Int32, accepted: Int32) {
        let listener = try TCPSocket.listen(WebListenAddress(host: "127.0.0.1", port: 0, isIPv6: false))
        let port = try #require(TCPSocket.boundPort(listener))
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var sa = sockaddr_in()
        sa.sin_family = sa_family_t(AF_INET)
        sa.sin_port = port.bigEndian
        sa.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let rc = withUnsafePointer(to: &sa) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(rc == 0)
        var accepted: Int32 = -1
        for _ in 0..<200 where accepted < 0 {
            if let (fd, _) = TCPSocket.accept(listener) { accepted = fd } else { usleep(5_000) }
        }
        try #require(accepted >= 0)
        return (listener, client, accepted)
    }

    @Test func theKernelNamesThisProcesssUser() throws {
        let c = try connection()
        defer { close(c.client); close(c.accepted); close(c.listener) }
        #expect(LoopbackPeerLookup.peerUID(c.accepted) == geteuid())
    }

    @Test func theTablesLineAgrees() throws {
        let c = try connection()
        defer { close(c.client); close(c.accepted); close(c.listener) }
        let ends = try #require(LoopbackPeerLookup.ends(of: c.accepted))
        let table = try #require(try AtomicFile.readFile("/proc/net/tcp"))
        #expect(LoopbackPeer.owner(local: ends.peer, remote: ends.local, in: table) == geteuid())
    }

    @Test func aClientThatIsGoneHasNoUser() throws {
        let c = try connection()
        defer { close(c.accepted); close(c.listener) }
        // An abortive close (RST): the client's socket is gone, not in TIME_WAIT.
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(c.client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(c.client)
        usleep(20_000)
        #expect(LoopbackPeerLookup.peerUID(c.accepted) == nil)
    }
}
