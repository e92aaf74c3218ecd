#if canImport(Glibc)
import Glibc
#endif

/// The real file system through Glibc: `open`/`pwrite`/`read`/`readlink`/`opendir`.
/// EINTR is retried in one place (`Interrupted.retry`).
public final class SystemSysfs: SysfsFileSystem, @unchecked Sendable {
    public init() {}

    public func readSmallFile(_ path: String) throws(SysfsErrno) -> String {
        guard let file = FileDescriptor.open(path, O_RDONLY | O_CLOEXEC) else { throw SysfsErrno(errno) }
        let fd = file.rawValue
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { buf in
                Interrupted.retry { read(fd, buf.baseAddress, buf.count) }
            }
            if n < 0 { throw SysfsErrno(errno) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            // A sysfs attribute is one page at most; stop a runaway file here.
            if bytes.count >= 65536 { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func write(_ path: String, _ value: String) -> Int32 {
        // O_TRUNC as `echo value > file` does: a no-op on sysfs attributes, and it keeps
        // plain-file stand-ins (a test's tree of files) holding exactly the last value.
        guard let fd = FileDescriptor.open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) else { return errno }
        var text = value
        return text.withUTF8 { SystemSysfs.writeAll(fd.rawValue, UnsafeRawBufferPointer($0)) }
    }

    public func openForWriting(_ path: String) throws(SysfsErrno) -> any SysfsWriteHandle {
        guard let fd = FileDescriptor.open(path, O_WRONLY | O_CLOEXEC) else { throw SysfsErrno(errno) }
        return Handle(fd)
    }

    public func listDirectory(_ path: String) throws(SysfsErrno) -> [String] {
        guard let dir = opendir(path) else { throw SysfsErrno(errno) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    public func readLink(_ path: String) throws(SysfsErrno) -> String {
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX))
        let n = buf.withUnsafeMutableBufferPointer { raw -> Int in
            guard let base = raw.baseAddress else { return -1 }
            return readlink(path, base, raw.count)
        }
        guard n >= 0 else { throw SysfsErrno(errno) }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func exists(_ path: String) -> Bool {
        fileExists(path)
    }

    /// One `pwrite` at offset 0 (sysfs takes a store in one call); EINTR retried.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        let n = Interrupted.retry { pwrite(fd, bytes.baseAddress, bytes.count, 0) }
        if n < 0 { return errno }
        return n == bytes.count ? 0 : EIO
    }

    /// An open attribute for repeated writes; its `FileDescriptor` closes in `deinit`.
    final class Handle: SysfsWriteHandle, @unchecked Sendable {
        private let fd: FileDescriptor
        init(_ fd: FileDescriptor) { self.fd = fd }

        func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
            guard fd.isOpen else { return EBADF }
            return SystemSysfs.writeAll(fd.rawValue, bytes)
        }

        func close() { fd.close() }
    }
}

