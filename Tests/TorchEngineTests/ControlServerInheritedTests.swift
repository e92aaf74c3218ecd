import Testing
import TorchCore
import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// A listener systemd passed (socket activation): served as it is, and its file left
/// in place at close, because torch.socket keeps listening for the next start.
@Suite struct ControlServerInheritedTests {
    @Test func servesTheInheritedListenerAndLeavesItsFile() throws {
        var template = Array("/tmp/torch-inherited-XXXXXX".utf8CString)
        let dir = try #require(mkdtemp(&template).map { String(cString: $0) })
        let path = dir + "/torch.sock"
        defer { unlink(path); rmdir(dir) }
        // What systemd does before starting the service: bind and listen; chmod 0600
        // shows the server leaves the mode alone (it would set 0660 on its own socket).
        let bound = try UnixSocket.listen(path: path)
        chmod(path, 0o600)
        // The number systemd hands over is the service's own (the server closes it):
        // a duplicate, so the test's `bound` is closed once, by its owner.
        defer { bound.close() }
        let listener = dup(bound.rawValue)
        var logs: [String] = []
        let server = try ControlServer(
            settings: ControlServerSettings(path: "/run/torch/elsewhere.sock", group: "nonexistent-group",
                                            inheritedListener: listener),
            log: { logs.append("\($1)") })
        #expect(server.pollDescriptors == [listener])
        #expect(logs == ["control socket: listening on \(path) (from systemd: socket activation)"])

        let connection = try UnixSocket.connect(path: path, timeout: .seconds(2))
        defer { connection.close() }
        let client = connection.rawValue
        _ = UnixSocket.send(client, Array("{\"cmd\":\"status\"}\n".utf8))
        for _ in 0..<10 {
            var pfds = server.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&pfds, nfds_t(pfds.count), 50) > 0 else { continue }
            let ready = Set(pfds.filter { $0.revents != 0 }.map(\.fd))
            server.handleReady(ready, now: Instant(nanoseconds: 1)) { _ in .success([JSONMember("lit", .bool(true))]) }
        }
        var buffer = [UInt8](repeating: 0, count: 256)
        #expect(try UnixSocket.waitReadable(client, timeout: .seconds(2)))
        guard case let .bytes(n) = UnixSocket.receive(client, into: &buffer) else {
            Issue.record("no reply")
            return
        }
        #expect(String(decoding: buffer[0..<n], as: UTF8.self) == "{\"ok\":true,\"lit\":true}\n")

        server.close()
        var st = stat()
        #expect(lstat(path, &st) == 0, "the socket file is systemd's: still there")
        #expect(st.st_mode & 0o777 == 0o600, "and its mode untouched")
    }
}
