import CTorchSys
#if canImport(Glibc)
import Glibc
#endif

/// A descriptor another thread makes readable (eventfd(2)): the real-time pattern
/// thread raises it when something the event loop must look at happens (its output
/// starts or stops failing, its stamp ring is half full), so the loop sleeps in ppoll
/// with no timer for it. Raising is one 8-byte write(2): no allocation, no lock, and it
/// never blocks (the counter saturating is a raise already pending).
public final class EventSignal: @unchecked Sendable {
    /// Readable while a raise is pending; poll it, then `drain`.
    public let fd: Int32

    public init() throws(HardwareError) {
        let fd = ctorch_eventfd()
        guard fd >= 0 else { throw HardwareError("eventfd: \(String(cString: strerror(errno)))", errno: errno) }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Any thread: makes `fd` readable.
    @inline(__always)
    public func raise() {
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    /// The loop: takes every pending raise; true when there was one.
    @discardableResult
    public func drain() -> Bool {
        var count: UInt64 = 0
        return read(fd, &count, 8) == 8
    }
}
