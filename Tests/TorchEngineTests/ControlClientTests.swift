import Synchronization
import Testing
import TorchCore
import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
import TorchTestSupport
#endif

@Suite(.serialized) struct ControlClientTests {
    private func tempDir() throws -> String {
        var template = Array("/tmp/torch-client-XXXXXX".utf8CString)
        return try #require(mkdtemp(&template).map { String(cString: $0) })
    }

    @Test func noServiceWhenNothingIsThere() throws {
        let dir = try tempDir()
        defer { rmdir(dir) }
        let r = ControlClient.send(ControlRequest(.status), socketPath: dir + "/torch.sock", timeout: .seconds(1))
        #expect(r == .failure(.noService(path: dir + "/torch.sock")))
        #expect((try? r.get()) == nil)
    }

    @Test func noServiceOnAStaleSocket() throws {
        let dir = try tempDir()
        let path = dir + "/torch.sock"
        defer { unlink(path); rmdir(dir) }
        try UnixSocket.listen(path: path).close()
        let r = ControlClient.send(ControlRequest(.off), socketPath: path, timeout: .seconds(1))
        guard case let .failure(e) = r else { Issue.record("expected a failure"); return }
        #expect(e.isNoService)
    }

    @Test func otherFailuresAreNotNoService() throws {
        let dir = try tempDir()
        let path = dir + "/torch.sock"
        defer { unlink(path); rmdir(dir) }
        // A listener that never answers: the client times out.
        let listener = try UnixSocket.listen(path: path)
        defer { listener.close() }
        let r = ControlClient.send(ControlRequest(.status), socketPath: path, timeout: .milliseconds(200))
        #expect(r == .failure(.failed("\(path): no reply within 200ms")))
        #expect(ControlClientError.failed("x").isNoService == false)
    }

    @Test func roundTripThroughARealServer() throws {
        let dir = try tempDir()
        let path = dir + "/torch.sock"
        defer { rmdir(dir) }
        let server = try ControlServer(settings: ControlServerSettings(path: path, group: nil), log: { _, _ in })
        defer { server.close() }
        let result = Mutex<Result<ControlReply, ControlClientError>?>(nil)
        let request = ControlRequest(.on(Brightness(clamping: 0.4)), id: .number(42))
        // A thread of its own, not a Task: under a loaded test run the cooperative pool
        // can be busy (with tests like this one, blocked) for longer than the timeout.
        let client = BackgroundThread {
            let r = ControlClient.send(request, socketPath: path, timeout: .seconds(10 * emulationSlowdown))
            result.withLock { $0 = r }
        }
        try #require(client.start())
        defer { client.join() }
        var seen: [ControlRequest] = []
        // Short polls until the client has its reply (bounded: 10 s, times emulationSlowdown under qemu-user).
        for _ in 0..<(1000 * emulationSlowdown) where result.withLock({ $0 == nil }) {
            var pfds = server.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&pfds, nfds_t(pfds.count), 10) > 0 else { continue }
            server.handleReady(Set(pfds.filter { $0.revents != 0 }.map(\.fd)), now: MonotonicClock().now()) { req in
                seen.append(req)
                return .success([JSONMember("lit", .bool(true))])
            }
        }
        let reply = try #require(try result.withLock { $0 }?.get())
        #expect(reply == ControlReply(ok: true, id: .number(42), fields: [JSONMember("lit", .bool(true))]))
        #expect(seen.map(\.command) == [request.command] && seen.map(\.id) == [request.id])
        // The request carried the instant the client gives up (the send's timeout from now).
        let deadline = try #require(seen.first?.deadline, "a deadline sent with the request")
        let now = MonotonicClock().now()
        #expect(deadline > now && deadline <= now + .seconds(10 * emulationSlowdown), "\(deadline) against \(now)")
    }
}
