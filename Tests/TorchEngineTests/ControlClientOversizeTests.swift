import Synchronization
import Testing
import TorchCore
@testable import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
import TorchTestSupport
#endif

/// Issue 15, finding 11: a forwarded request over the server's limit must come back as
/// the server's own reply, not as `send: Broken pipe`.
@Suite(.serialized) struct ControlClientOversizeTests {
    /// Runs `ControlClient.send` on another thread while this one pumps a real server.
    private func exchange(_ request: ControlRequest) throws -> Result<ControlReply, ControlClientError> {
        var template = Array("/tmp/torch-client-XXXXXX".utf8CString)
        let dir = try #require(mkdtemp(&template).map { String(cString: $0) })
        defer { rmdir(dir) }
        let path = dir + "/torch.sock"
        let server = try ControlServer(settings: ControlServerSettings(path: path, group: nil), log: { _, _ in })
        defer { server.close() }
        let result = Mutex<Result<ControlReply, ControlClientError>?>(nil)
        // A thread of its own, not a Task: under a loaded test run the cooperative pool
        // can be busy for longer than the client's timeout.
        let client = BackgroundThread {
            let r = ControlClient.send(request, socketPath: path, timeout: .seconds(10 * emulationSlowdown))
            result.withLock { $0 = r }
        }
        try #require(client.start())
        defer { client.join() }
        // Short polls until the client has its answer (bounded: 10 s, times emulationSlowdown under qemu-user).
        for _ in 0..<(1000 * emulationSlowdown) where result.withLock({ $0 == nil }) {
            var pfds = server.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&pfds, nfds_t(pfds.count), 10) > 0 else { continue }
            server.handleReady(Set(pfds.filter { $0.revents != 0 }.map(\.fd)), now: MonotonicClock().now()) { _ in
                .success()
            }
        }
        return try #require(result.withLock { $0 })
    }

    @Test func aRequestTooBigToSendGetsTheServersReply() throws {
        // 1 MiB: far more than the socket buffers hold, so the client is still sending
        // when the server gives up on it and closes (the client's send fails with EPIPE).
        let request = ControlRequest(.patternNamed(String(repeating: "x", count: 1 << 20)))
        let reply = try exchange(request).get()
        #expect(reply == ControlReply.failure("request over 4096 bytes: connection closed"))
    }

    @Test func aRequestJustOverTheLimitGetsTheServersReply() throws {
        let request = ControlRequest(.patternNamed(String(repeating: "x", count: 5000)))
        #expect(try exchange(request).get() == ControlReply.failure("request over 4096 bytes: connection closed"))
    }
}
