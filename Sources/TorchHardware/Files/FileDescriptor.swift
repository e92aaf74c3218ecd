#if canImport(Glibc)
import Glibc
#endif

/// An open file descriptor this object owns: it is closed exactly once, by `close()` or
/// when the last reference goes (`deinit`), so an early return or a throw cannot leak it
/// and a second close cannot hit a descriptor number the kernel has handed out again.
public final class FileDescriptor: @unchecked Sendable {
    /// The kernel's descriptor number; -1 once closed.
    public private(set) var rawValue: Int32

    /// Takes ownership of `rawValue` (from `open`, `socket`, `pipe`…).
    public init(owning rawValue: Int32) {
        self.rawValue = rawValue
    }

    deinit { close() }

    /// Opens `path` with `flags` (O_CLOEXEC is the caller's to add) and `mode` for a
    /// created file, retrying EINTR. Nil when the kernel refused; errno says why.
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) -> FileDescriptor? {
        let fd = Interrupted.retry { Glibc.open(path, flags, mode) }
        return fd >= 0 ? FileDescriptor(owning: fd) : nil
    }

    public var isOpen: Bool { rawValue >= 0 }

    /// Closes the descriptor; later calls do nothing. Returns 0, or the errno of a failed
    /// `close` (the descriptor is gone either way on Linux, so it is never retried).
    @discardableResult
    public func close() -> Int32 {
        guard rawValue >= 0 else { return 0 }
        let rc = Glibc.close(rawValue)
        rawValue = -1
        return rc == 0 ? 0 : errno
    }

    /// Writes all of `bytes` (partial writes continued, EINTR retried). Returns 0, or the
    /// errno of the write that failed (EBADF once closed).
    public func writeAll(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard rawValue >= 0 else { return EBADF }
        return FileDescriptor.writeAll(rawValue, bytes)
    }

    /// `fsync`: 0, or its errno.
    func sync() -> Int32 {
        guard rawValue >= 0 else { return EBADF }
        return fsync(rawValue) == 0 ? 0 : errno
    }

    /// The one write loop for descriptors this process does not own (the standard
    /// streams, a terminal): 0, or the errno of the write that failed.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = Interrupted.retry { Glibc.write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if n < 0 { return errno }
            if n == 0 { return EIO }
            offset += n
        }
        return 0
    }
}
