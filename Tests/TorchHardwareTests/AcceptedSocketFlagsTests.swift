import Testing
import TorchCore
@testable import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// An accepted connection is born non-blocking and close-on-exec (accept4): the loop
/// never blocks on it, and no child started at that instant keeps it open after torch
/// closes it.
@Suite struct AcceptedSocketFlagsTests {
    func expectBornFlags(_ fd: Int32, _ what: String) {
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0, "\(what): close-on-exec")
        #expect(fcntl(fd, F_GETFL) & O_NONBLOCK != 0, "\(what): non-blocking")
    }

    @Test func aControlSocketConnection() throws {
        var template = Array("/tmp/torch-accept-XXXXXX".utf8CString)
        let dir = try #require(mkdtemp(&template).map { String(cString: $0) })
        let path = dir + "/s"
        defer { unlink(path); rmdir(dir) }
        let listener = try UnixSocket.listen(path: path)
        let client = try UnixSocket.connect(path: path, timeout: .seconds(2))
        defer { client.close() }
        var accepted: FileDescriptor? = nil
        for _ in 0..<200 where accepted == nil {
            if let fd = UnixSocket.accept(listener) { accepted = fd } else { usleep(5_000) }
        }
        let fd = try #require(accepted)
        expectBornFlags(fd.rawValue, "unix")
    }

    @Test func aWebConnection() throws {
        let c = try LoopbackPeerLookupTests().connection()
        defer { close(c.client) }
        expectBornFlags(c.accepted.rawValue, "tcp")
    }
}
