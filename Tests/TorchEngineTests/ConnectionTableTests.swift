import Testing
import TorchCore
@testable import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// The one connection table of the control socket and the web page: numbering, the cap
/// and whom it evicts, idle expiry, and that a removed connection's descriptor is closed.
@Suite struct ConnectionTableTests {
    /// A real descriptor (one end of a pipe), so closing can be seen; the read end is
    /// the table's once added, the write end the test's.
    func descriptor() -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        return (ends[0], ends[1])
    }

    struct State { var paired = false }

    @Test func numbersInOrderAndEvictsByTheOneRule() {
        var table = ConnectionTable<State>(cap: 2)
        let (a, aw) = descriptor(), (b, bw) = descriptor(), (c, cw) = descriptor()
        defer { for fd in [aw, bw, cw] { close(fd) } }
        #expect(table.room() == .free)
        #expect(table.add(FileDescriptor(owning: a), peer: "uid 1000, pid 1", group: "uid 1000", state: State(paired: true), at: atMs(0)) == 1)
        #expect(table.add(FileDescriptor(owning: b), peer: "uid 1000, pid 2", group: "uid 1000", state: State(), at: atMs(10)) == 2)
        // Full: the longest idle of the largest group goes, unless it is paired.
        #expect(table.room() == .evict(a))
        #expect(table.room(paired: \.paired) == .evict(b))
        table.touch(a, at: atMs(20))
        #expect(table.room() == .evict(b))
        #expect(table.remove(b)?.number == 2)
        #expect(fcntl(b, F_GETFD) == -1, "the table closed the removed connection's descriptor")
        #expect(table.room() == .free)
        #expect(table.add(FileDescriptor(owning: c), peer: "p", group: "g", state: State(), at: atMs(30)) == 3, "numbers are never reused")
        #expect(table.descriptors == [a, c].sorted())
        table.removeAll()
        #expect(fcntl(a, F_GETFD) == -1 && table.isEmpty)
    }

    @Test func idleExpiryCountsFromTheLastActivity() {
        var table = ConnectionTable<State>(cap: 4)
        let (a, aw) = descriptor(), (b, bw) = descriptor()
        defer { close(aw); close(bw); table.removeAll() }
        _ = table.add(FileDescriptor(owning: a), peer: "a", group: "a", state: State(), at: atMs(0))
        _ = table.add(FileDescriptor(owning: b), peer: "b", group: "b", state: State(), at: atMs(500))
        #expect(table.firstIdle(after: .seconds(1)) == atMs(1000))
        #expect(table.idle(for: .seconds(1), at: atMs(1200)) == [a])
        table.touch(a, at: atMs(1200))
        #expect(table.idle(for: .seconds(1), at: atMs(1600)) == [b])
        #expect(table.firstIdle(after: .seconds(1)) == atMs(1500))
    }

    @Test func aCapOfZeroHasNoSlot() {
        #expect(ConnectionTable<State>(cap: 0).room() == .noSlot)
    }
}
