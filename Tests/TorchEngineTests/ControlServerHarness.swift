import TorchCore
import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
import TorchTesting
#endif

/// A real control server on a socket in a fresh temporary directory, pumped from the
/// test's thread; clients are real connections.
final class ControlHarness {
    let dir: String
    let path: String
    let server: ControlServer
    let clock = ManualClock(Instant(nanoseconds: 1_000_000_000))
    var logs: [String] = []
    var requests: [ControlRequest] = []

    init(maxClients: Int = 8, idle: Duration = .seconds(30), group: String? = nil, prepare: (String) -> Void = { _ in }) throws {
        var template = Array("/tmp/torch-control-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HardwareError("mkdtemp failed", errno: errno) }
        dir = String(cString: made)
        path = dir + "/run/torch.sock"
        prepare(path)
        let box = ControlLogBox()
        server = try ControlServer(
            settings: ControlServerSettings(path: path, group: group, maxClients: maxClients, idleTimeout: idle),
            log: { box.lines.append("\($0): \($1)") })
        logBox = box
    }

    private var logBox: ControlLogBox?
    var log: [String] { logBox?.lines ?? [] }

    deinit {
        server.close()
        rmdir(dir + "/run")
        unlink(dir + "/blocker")
        rmdir(dir)
    }

    /// Polls the server's descriptors briefly and lets it handle whatever is ready.
    func pump(rounds: Int = 5) {
        for _ in 0..<rounds {
            var pfds = server.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let rc = poll(&pfds, nfds_t(pfds.count), 20)
            guard rc > 0 else { continue }
            let ready = Set(pfds.filter { $0.revents != 0 }.map(\.fd))
            server.handleReady(ready, now: clock.now()) { request in
                requests.append(request)
                switch request.command {
                case .status: return .success([JSONMember("lit", .bool(true))])
                case .patternNamed(let n) where n != "sos": return .failure("name: '\(n)' is not a pattern")
                default: return .success()
                }
            }
        }
    }

    /// A client's descriptor number, the caller's to close: a duplicate of the
    /// connected socket (close-on-exec, so no child another test starts holds it open), whose own
    /// `FileDescriptor` closes on return.
    func connect() throws -> Int32 {
        let socket = try UnixSocket.connect(path: path, timeout: .seconds(2))
        UnixSocket.setNonBlocking(socket.rawValue, true)
        return fcntl(socket.rawValue, F_DUPFD_CLOEXEC, 0)
    }

    /// Connects `count` clients one after another, each accepted before the next and
    /// `apart` later on the clock; the caller closes them.
    func connect(_ count: Int, apart: Duration) throws -> [Int32] {
        var fds: [Int32] = []
        for _ in 0..<count {
            fds.append(try connect())
            pump(rounds: 1)
            clock.advance(by: apart)
        }
        return fds
    }

    /// Pumps the server until the client has whole reply lines (all it received), or it closed.
    func reply(_ fd: Int32) -> String? {
        var got: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<100 {
            let n = read(fd, &chunk, chunk.count)
            if n > 0 { got += chunk[0..<n] }
            if n == 0 { break }
            if got.last == 0x0A { return String(decoding: got, as: UTF8.self) }
            pump(rounds: 1)
        }
        return got.isEmpty ? nil : String(decoding: got, as: UTF8.self)
    }

    /// True when the server has closed this client's end (read returns 0 or ECONNRESET).
    func isClosed(_ fd: Int32) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<100 {
            let n = read(fd, &chunk, chunk.count)
            if n == 0 || (n < 0 && errno == ECONNRESET) { return true }
            pump(rounds: 1)
        }
        return false
    }

    func send(_ fd: Int32, _ text: String) {
        _ = UnixSocket.send(fd, Array(text.utf8))
    }
}

final class ControlLogBox { var lines: [String] = [] }
