import TorchCore
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// Writes `--trace` files: one line per output change, `<nanoseconds since start>,<duty>`,
/// with the *actual* instant the scheduler issued the write. Runs on the event loop,
/// never on the real-time thread.
public final class TraceWriter {
    private let fd: Int32
    private var origin: Int64
    private var buffer: [UInt8] = []
    public let path: String

    /// Creates (truncates) `path`. `origin` is the instant that becomes 0 in the file.
    public init(path: String, origin: Instant) throws(HardwareError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let e = errno
            throw HardwareError("--trace \(path): cannot create: \(errnoText(e))", errno: e)
        }
        self.fd = fd
        self.path = path
        self.origin = origin.nanoseconds
        buffer.reserveCapacity(1 << 16)
    }

    deinit { close(fd) }

    /// Moves time zero to `origin` (before any stamp is appended).
    public func rebase(origin: Instant) { self.origin = origin.nanoseconds }

    /// Appends one stamp (buffered).
    public func append(_ s: OutputStamp) {
        let line = "\(s.actual - origin),\(s.duty)\n"
        buffer.append(contentsOf: line.utf8)
        if buffer.count >= 1 << 15 { flush() }
    }

    /// Writes what is buffered.
    public func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { raw in
                write(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
