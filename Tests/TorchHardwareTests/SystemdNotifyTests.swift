import Testing
import TorchCore
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// A datagram socket bound by the test, standing in for systemd's notify socket.
private final class NotifyListener {
    let fd: Int32
    let name: String

    init(abstract: Bool) throws {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var template = Array("/tmp/torch-notify-XXXXXX".utf8CString)
        let dir = String(cString: try #require(mkdtemp(&template)))
        name = abstract ? "@torch-test-\(getpid())-\(dir.suffix(6))" : dir + "/notify"
        if abstract { rmdir(dir) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = i == 0 && abstract ? 0 : b }
        }
        let len = socklen_t(2 + bytes.count + (abstract ? 0 : 1))
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
        #expect(rc == 0)
    }

    deinit {
        close(fd)
        if !name.hasPrefix("@") {
            unlink(name)
            rmdir(String(name.dropLast("/notify".count)))
        }
    }

    /// The next datagram, or nil after a short wait.
    func receive() -> String? {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, 2000) > 0 else { return nil }
        var buf = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buf, buf.count, 0)
        return n >= 0 ? String(decoding: buf[0..<n], as: UTF8.self) : nil
    }
}

@Suite(.serialized) struct SystemdNotifyTests {
    @Test func sendsEachMessageToAPathSocket() throws {
        let l = try NotifyListener(abstract: false)
        let n = SystemdNotify(socketPath: l.name)
        #expect(n.isEnabled)
        try n.ready(status: "lit at 40%\nsteady")
        #expect(l.receive() == "READY=1\nSTATUS=lit at 40% steady")
        try n.status("dark")
        #expect(l.receive() == "STATUS=dark")
        try n.watchdog()
        #expect(l.receive() == "WATCHDOG=1")
        try n.stopping()
        #expect(l.receive() == "STOPPING=1")
    }

    @Test func sendsToAnAbstractSocket() throws {
        let l = try NotifyListener(abstract: true)
        try SystemdNotify(socketPath: l.name).ready()
        #expect(l.receive() == "READY=1")
    }

    @Test func readsNotifySocketFromTheEnvironment() throws {
        let l = try NotifyListener(abstract: false)
        setenv("NOTIFY_SOCKET", l.name, 1)
        defer { unsetenv("NOTIFY_SOCKET") }
        let n = SystemdNotify()
        #expect(n.socketPath == l.name)
        try n.watchdog()
        #expect(l.receive() == "WATCHDOG=1")
    }

    @Test func doesNothingOutsideSystemd() throws {
        unsetenv("NOTIFY_SOCKET")
        let n = SystemdNotify()
        #expect(!n.isEnabled)
        try n.ready()  // no socket: nothing to send, no error
        #expect(!SystemdNotify(socketPath: "").isEnabled)
    }

    @Test func aMissingSocketIsAnError() {
        #expect(throws: HardwareError.self) { try SystemdNotify(socketPath: "/nonexistent/torch/notify").ready() }
    }

    @Test func watchdogIntervalIsHalfTheTimeout() {
        #expect(SystemdNotify.watchdogInterval(usec: "10000000", pid: nil, ownPID: 5) == .seconds(5))
        #expect(SystemdNotify.watchdogInterval(usec: "10000000", pid: "5", ownPID: 5) == .seconds(5))
        #expect(SystemdNotify.watchdogInterval(usec: "10000000", pid: "6", ownPID: 5) == nil)
        #expect(SystemdNotify.watchdogInterval(usec: "0", pid: nil, ownPID: 5) == nil)
        #expect(SystemdNotify.watchdogInterval(usec: "ten", pid: nil, ownPID: 5) == nil)
        #expect(SystemdNotify.watchdogInterval(usec: nil, pid: nil, ownPID: 5) == nil)
        setenv("WATCHDOG_USEC", "3000000", 1)
        setenv("WATCHDOG_PID", "\(getpid())", 1)
        defer { unsetenv("WATCHDOG_USEC"); unsetenv("WATCHDOG_PID") }
        #expect(SystemdNotify.watchdogInterval() == .milliseconds(1500))
    }
}

@Suite(.serialized) struct SystemdJournalLogTests {
    @Test func prefixesPrioritiesOnlyForTheJournal() {
        let journal = JournalLog(fd: 2, prefixesPriority: true)
        #expect(journal.format(.info, "control: listening") == "<6>control: listening\n")
        #expect(journal.format(.error, "a\nb") == "<3>a\n<3>b\n")
        #expect(journal.format(.debug, "x") == "<7>x\n")
        let plain = JournalLog(fd: 2, prefixesPriority: false)
        #expect(plain.format(.warning, "a\nb") == "a\nb\n")
    }

    @Test func recognisesTheJournalStreamByDeviceAndInode() throws {
        var template = Array("/tmp/torch-journal-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        try #require(fd >= 0)
        let path = String(cString: template)
        defer { close(fd); unlink(path) }
        var st = stat()
        try #require(fstat(fd, &st) == 0)
        let stream = "\(st.st_dev):\(st.st_ino)"
        #expect(JournalLog.isJournal(fd: fd, journalStream: stream))
        #expect(!JournalLog.isJournal(fd: fd, journalStream: "\(st.st_dev):\(st.st_ino + 1)"))
        #expect(!JournalLog.isJournal(fd: fd, journalStream: nil))
        #expect(!JournalLog.isJournal(fd: fd, journalStream: "garbage"))
        setenv("JOURNAL_STREAM", stream, 1)
        defer { unsetenv("JOURNAL_STREAM") }
        let log = JournalLog(fd: fd)
        #expect(log.prefixesPriority)
        log.log(.notice, "hello")
        var buf = [UInt8](repeating: 0, count: 64)
        let n = pread(fd, &buf, buf.count, 0)
        #expect(String(decoding: buf[0..<max(0, n)], as: UTF8.self) == "<5>hello\n")
        #expect(!JournalLog(fd: 1).prefixesPriority || JournalLog.isJournal(fd: 1, journalStream: stream))
    }
}
