import Testing
import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// A web page that cannot listen is one line; the service and its light go on (a boot
/// light must not crash-loop over a taken port or a closed network).
@Suite(.serialized) struct WebListenFailureTests {
    /// A loopback port held by a listening socket of the test's own; its descriptor.
    static func takenPort() -> (fd: Int32, port: UInt16)? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var sa = sockaddr_in()
        sa.sin_family = sa_family_t(AF_INET)
        sa.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &sa) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard ok else { close(fd); return nil }
        return (fd, UInt16(bigEndian: sa.sin_port))
    }

    @Test func aTakenPortIsOneLineAndTheServiceGoesOn() throws {
        let held = try #require(Self.takenPort())
        defer { close(held.fd) }
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[web]\nlisten = 127.0.0.1:\(held.port)\n\n[service]\nsocket = \(socket)\nsocket-group = root\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "the service answers: \(service.stderr)")
        let r = TorchProcess.run(["on", "40%"] + common)
        #expect(r.status == 0 && r.stderr.contains("(service)"), "\(r.stderr)")
        service.signal(SIGTERM)
        #expect(service.wait() == 0, "\(service.stderr)")
        let lines = service.stderr.split(separator: "\n").filter { $0.contains("[web] listen") }
        #expect(lines.count == 1, "\(service.stderr)")
        #expect(lines.first?.contains("127.0.0.1:\(held.port): bind: ") == true && lines.first?.hasSuffix("; no web page") == true,
                "\(lines)")
    }
}
