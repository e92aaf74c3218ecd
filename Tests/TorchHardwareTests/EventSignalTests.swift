import Testing
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// The pattern thread's signal to the event loop: readable after a raise, until drained;
/// raises pile up into one.
@Suite struct EventSignalTests {
    func readable(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) == 1 && p.revents & Int16(POLLIN) != 0
    }

    @Test func aRaiseMakesItReadableUntilDrained() throws {
        let signal = try EventSignal()
        #expect(!readable(signal.fd))
        #expect(!signal.drain(), "nothing pending: the read does not block")
        signal.raise()
        signal.raise()
        #expect(readable(signal.fd))
        #expect(signal.drain())
        #expect(!readable(signal.fd), "two raises, one drain")
    }

    @Test func itIsClosedOnExec() throws {
        let signal = try EventSignal()
        #expect(fcntl(signal.fd, F_GETFD) & FD_CLOEXEC != 0)
    }
}
