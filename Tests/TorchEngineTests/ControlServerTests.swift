import Testing
import TorchCore
import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct ControlServerTests {
    @Test func answersAGoodRequestAndKeepsTheConnection() throws {
        let h = try ControlHarness()
        let fd = try h.connect()
        defer { close(fd) }
        h.send(fd, "{\"cmd\":\"status\",\"id\":1}\n")
        #expect(h.reply(fd) == "{\"ok\":true,\"lit\":true,\"id\":1}\n")
        h.send(fd, "{\"cmd\":\"pattern\",\"name\":\"sos\"}\r\n")
        #expect(h.reply(fd) == "{\"ok\":true}\n")
        h.send(fd, "{\"cmd\":\"pattern\",\"name\":\"nope\",\"id\":\"n\"}\n")
        #expect(h.reply(fd) == "{\"ok\":false,\"error\":\"name: 'nope' is not a pattern\",\"id\":\"n\"}\n")
        #expect(h.requests.map(\.command) == [.status, .patternNamed("sos"), .patternNamed("nope")])
        #expect(h.server.clientCount == 1)
        #expect(h.log.contains { $0.hasPrefix("info: control: client 1 connected (uid \(getuid()), pid \(getpid()))") })
    }

    @Test func twoRequestsInOneWriteGetTwoReplies() throws {
        let h = try ControlHarness()
        let fd = try h.connect()
        defer { close(fd) }
        h.send(fd, "{\"cmd\":\"off\",\"id\":1}\n\n{\"cmd\":\"toggle\",\"id\":2}\n")
        var text = h.reply(fd) ?? ""
        if !text.contains("\"id\":2") { text += h.reply(fd) ?? "" }
        #expect(text == "{\"ok\":true,\"id\":1}\n{\"ok\":true,\"id\":2}\n")
    }

    @Test func malformedAndUnknownGetErrorsAndTheConnectionStays() throws {
        let h = try ControlHarness()
        let fd = try h.connect()
        defer { close(fd) }
        h.send(fd, "{\"cmd\":\"on\",}\n")
        #expect(h.reply(fd) == "{\"ok\":false,\"error\":\"invalid JSON at byte 12: expected a string key, found '}'\"}\n")
        h.send(fd, "{\"cmd\":\"explode\"}\n")
        #expect(h.reply(fd) == "{\"ok\":false,\"error\":\"unknown command \\\"explode\\\": expected on, off, toggle, pattern, mode, brightness, next-pattern, stealth, settings, press, release, status or reload\"}\n")
        h.send(fd, "{\"cmd\":\"off\"}\n")
        #expect(h.reply(fd) == "{\"ok\":true}\n")
        #expect(h.requests.map(\.command) == [.off])
        #expect(h.log.contains { $0.hasPrefix("notice: control: client 1: bad request: invalid JSON") })
    }

    @Test func aRequestOverFourKiBIsRefusedAndClosed() throws {
        let h = try ControlHarness()
        let fd = try h.connect()
        defer { close(fd) }
        h.send(fd, "{\"cmd\":\"status\",\"x\":\"" + String(repeating: "a", count: 5000))
        #expect(h.reply(fd) == "{\"ok\":false,\"error\":\"request over 4096 bytes: connection closed\"}\n")
        #expect(h.isClosed(fd))
        #expect(h.server.clientCount == 0)
        #expect(h.requests.isEmpty)
        // The service keeps serving others.
        let other = try h.connect()
        defer { close(other) }
        h.send(other, "{\"cmd\":\"off\"}\n")
        #expect(h.reply(other) == "{\"ok\":true}\n")
    }

    @Test func idleConnectionsAreClosedAfterTheTimeout() throws {
        let h = try ControlHarness(idle: .seconds(5))
        #expect(h.server.nextDeadline == nil)
        let fd = try h.connect()
        defer { close(fd) }
        h.pump(rounds: 1)
        let connectedAt = h.clock.now()
        #expect(h.server.nextDeadline == connectedAt + .seconds(5))
        h.clock.advance(by: .seconds(3))
        h.send(fd, "{\"cmd\":\"off\"}\n")
        #expect(h.reply(fd) == "{\"ok\":true}\n")
        // Activity moves the deadline.
        #expect(h.server.nextDeadline == connectedAt + .seconds(8))
        h.clock.advance(by: .milliseconds(4999))
        h.server.expire(now: h.clock.now())
        #expect(h.server.clientCount == 1)
        h.clock.advance(by: .milliseconds(1))
        h.server.expire(now: h.clock.now())
        #expect(h.server.clientCount == 0)
        #expect(h.reply(fd) == "{\"ok\":false,\"error\":\"idle for 5s: connection closed\"}\n")
        #expect(h.isClosed(fd))
        #expect(h.server.nextDeadline == nil)
    }

    @Test func socketIsMode0660AndRemovedOnClose() throws {
        let h = try ControlHarness()
        var st = stat()
        #expect(lstat(h.path, &st) == 0)
        #expect(st.st_mode & S_IFMT == S_IFSOCK)
        #expect(st.st_mode & 0o777 == 0o660)
        h.server.close()
        #expect(lstat(h.path, &st) != 0)
        #expect(h.server.pollDescriptors.isEmpty)
    }

    @Test func aMissingGroupIsLoggedAndTheSocketStillWorks() throws {
        let h = try ControlHarness(group: "no-such-group-torch")
        #expect(h.log.contains {
            $0.hasPrefix("warning: control socket \(h.path): group 'no-such-group-torch' does not exist; keeping group")
        })
        // What it means for the user, and the way on.
        #expect(h.log.contains {
            $0.contains("only this user and that group may send commands; to let others in, add the group "
                        + "(groupadd no-such-group-torch) or set [service] socket-group to one of yours")
        }, "\(h.log)")
        let fd = try h.connect()
        defer { close(fd) }
        h.send(fd, "{\"cmd\":\"off\"}\n")
        #expect(h.reply(fd) == "{\"ok\":true}\n")
    }

    @Test func aStaleSocketIsRemoved() throws {
        // A socket file nobody listens on: what a killed service leaves behind.
        let h = try ControlHarness(prepare: { path in
            mkdir(String(path.dropLast("/torch.sock".count)), 0o755)
            if let fd = try? UnixSocket.listen(path: path) { fd.close() }
        })
        #expect(h.log.contains { $0 == "notice: control socket \(h.path): removed a stale socket (nothing answered)" })
        let fd = try h.connect()
        defer { close(fd) }
        h.send(fd, "{\"cmd\":\"off\"}\n")
        #expect(h.reply(fd) == "{\"ok\":true}\n")
    }

    @Test func aLiveServiceIsNotReplaced() throws {
        let h = try ControlHarness()
        #expect(throws: HardwareError("control socket \(h.path): a torch service is already running (it answers there)",
                                      errno: EADDRINUSE)) {
            _ = try ControlServer(settings: ControlServerSettings(path: h.path, group: nil), log: { _, _ in })
        }
        // The first is untouched.
        let fd = try h.connect()
        defer { close(fd) }
        h.send(fd, "{\"cmd\":\"off\"}\n")
        #expect(h.reply(fd) == "{\"ok\":true}\n")
    }

    @Test func aFileThatIsNotASocketIsLeftAlone() throws {
        var template = Array("/tmp/torch-control-XXXXXX".utf8CString)
        let dir = try #require(mkdtemp(&template).map { String(cString: $0) })
        defer { rmdir(dir) }
        let path = dir + "/torch.sock"
        let fd = open(path, O_CREAT | O_WRONLY, 0o600)
        close(fd)
        defer { unlink(path) }
        #expect(throws: HardwareError("control socket \(path): exists and is not a socket (move it away or set another path)",
                                      errno: EEXIST)) {
            _ = try ControlServer(settings: ControlServerSettings(path: path, group: nil), log: { _, _ in })
        }
        var st = stat()
        #expect(lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG)
    }

    @Test func defaultPaths() {
        #expect(ControlSocketPath.default(uid: 0, runtimeDirectory: "/run/user/0") == "/run/torch/torch.sock")
        #expect(ControlSocketPath.default(uid: 1000, runtimeDirectory: "/run/user/1000") == "/run/user/1000/torch.sock")
        #expect(ControlSocketPath.default(uid: 1000, runtimeDirectory: "/run/user/1000/") == "/run/user/1000/torch.sock")
        #expect(ControlSocketPath.default(uid: 1000, runtimeDirectory: nil) == "/tmp/torch-1000/torch.sock")
        #expect(ControlSocketPath.default(uid: 1000, runtimeDirectory: "relative") == "/tmp/torch-1000/torch.sock")
    }
}
