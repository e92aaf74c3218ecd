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
    func connection() throws -> (listener: FileDescriptor, client: Int32, accepted: FileDescriptor) {
        let listener = try TCPSocket.listen(WebListenAddress(host: "127.0.0.1", port: 0, isIPv6: false))
        let port = try #require(TCPSocket.boundPort(listener.rawValue))
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        var sa = sockaddr_in()
        sa.sin_family = sa_family_t(AF_INET)
        sa.sin_port = port.bigEndian
        sa.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let rc = withUnsafePointer(to: &sa) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(rc == 0)
        var accepted: FileDescriptor? = nil
        for _ in 0..<200 where accepted == nil {
            if let (fd, _) = TCPSocket.accept(listener) { accepted = fd } else { usleep(5_000) }
        }
        return (listener, client, try #require(accepted))
    }

    @Test func theKernelNamesThisProcesssUser() throws {
        let c = try connection()
        defer { close(c.client); c.accepted.close(); c.listener.close() }
        #expect(LoopbackPeerLookup.peerUID(c.accepted.rawValue) == geteuid())
    }

    @Test func theTablesLineAgrees() throws {
        let c = try connection()
        defer { close(c.client); c.accepted.close(); c.listener.close() }
        let ends = try #require(LoopbackPeerLookup.ends(of: c.accepted.rawValue))
        let table = try #require(try AtomicFile.readFile("/proc/net/tcp"))
        #expect(LoopbackPeer.owner(local: ends.peer, remote: ends.local, in: table) == geteuid())
    }

    @Test func aClientThatIsGoneHasNoUser() throws {
        let c = try connection()
        defer { c.accepted.close(); c.listener.close() }
        // An abortive close (RST): the client's socket is gone, not in TIME_WAIT.
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(c.client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(c.client)
        usleep(20_000)
        #expect(LoopbackPeerLookup.peerUID(c.accepted.rawValue) == nil)
    }

    /// A kernel without inet_diag answers ENOENT, as for a socket that is gone: the
    /// table still names the user of a live client, and no one for a gone one.
    @Test func noInetDiagFallsBackToTheTable() throws {
        let c = try connection()
        defer { c.accepted.close(); c.listener.close() }
        let noInetDiag: (UnsafePointer<sockaddr>, UnsafePointer<sockaddr>, UnsafeMutablePointer<UInt32>) -> Int32 = { _, _, _ in ENOENT }
        #expect(LoopbackPeerLookup.peerUID(c.accepted.rawValue, socketOwner: noInetDiag) == geteuid())
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(c.client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(c.client)
        usleep(20_000)
        #expect(LoopbackPeerLookup.peerUID(c.accepted.rawValue, socketOwner: noInetDiag) == nil)
    }

    /// A socket sock_diag found but no longer live is nobody's, without the table.
    @Test func aSocketThatIsNoLongerLiveHasNoUser() throws {
        let c = try connection()
        defer { close(c.client); c.accepted.close(); c.listener.close() }
        #expect(LoopbackPeerLookup.peerUID(c.accepted.rawValue, socketOwner: { _, _, _ in ESRCH }) == nil)
    }
}
