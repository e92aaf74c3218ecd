#if canImport(Glibc)
import Glibc
#endif

/// A file this process creates (truncating an old one) and writes in order: the
/// `--trace` file. The engine formats what goes in; this owns the descriptor.
public final class CreatedFile: @unchecked Sendable {
    private let descriptor: FileDescriptor
    public let path: String

    /// Creates or truncates `path` (mode 0644 less the umask). Throws
    /// "PATH: cannot create: errno text".
    public init(creating path: String) throws(HardwareError) {
        guard let fd = FileDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC) else {
            let e = errno
            throw HardwareError("\(path): cannot create: \(errnoText(e))", errno: e)
        }
        descriptor = fd
        self.path = path
    }

    /// Appends `bytes`; 0, or the errno of the write that failed (the rest is dropped:
    /// a trace is a measurement, not a record to retry).
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { descriptor.writeAll($0) }
    }

    /// Closes the file (again: nothing); `deinit` closes it otherwise.
    public func close() { descriptor.close() }
}
