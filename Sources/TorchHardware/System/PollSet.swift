import CTorchSys
import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// Waits for any of a few file descriptors to become readable, or an absolute deadline
/// (nanosecond resolution, through ppoll).
public enum PollSet {
    /// Returns the descriptors that are readable (empty on timeout or EINTR).
    public static func wait(_ fds: [Int32], until deadline: Instant?, clock: any TorchClock) -> Set<Int32> {
        wait(fds, writable: [], until: deadline, clock: clock)
    }

    /// Returns the descriptors of `fds` that are readable and those of `writable` that
    /// are writable (or hung up, or in error: the caller's next call says which).
    public static func wait(_ fds: [Int32], writable: [Int32], until deadline: Instant?, clock: any TorchClock) -> Set<Int32> {
        var pfds = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            + writable.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
        let timeout = deadline.map { max(0, $0.nanoseconds - clock.now().nanoseconds) } ?? -1
        let rc = ctorch_poll_ns(&pfds, UInt(pfds.count), timeout)
        guard rc > 0 else { return [] }
        return Set(pfds.filter { $0.revents != 0 }.map(\.fd))
    }
}
