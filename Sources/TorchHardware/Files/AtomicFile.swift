#if canImport(Glibc)
import Glibc
#endif

/// Small text files (the state file) written so a crash or power cut leaves either the
/// old file or the new one, never a torn mix: write a temporary file in the same
/// directory, fsync it, rename it over the target, fsync the directory.
public enum AtomicFile {
    /// Replaces `path` with `contents` atomically; the new file gets mode 0644 (less
    /// the umask). Throws a `HardwareError` naming the path and the errno text.
    public static func write(_ contents: String, to path: String) throws(HardwareError) {
        let dir = directory(of: path)
        let (fd, temp) = try createTemporary(for: path, in: dir)
        var ok = false
        defer {
            if !ok {
                close(fd)
                unlink(temp)
            }
        }
        let bytes = Array(contents.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { buf in
                Glibc.write(fd, buf.baseAddress.map { $0 + done }, buf.count - done)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(path, "cannot write \(temp)")
            }
            done += n
        }
        guard fsync(fd) == 0 else { throw failure(path, "cannot fsync \(temp)") }
        ok = true
        guard close(fd) == 0 else {
            let e = failure(path, "cannot close \(temp)")
            unlink(temp)
            throw e
        }
        guard rename(temp, path) == 0 else {
            let e = failure(path, "cannot rename \(temp) over it")
            unlink(temp)
            throw e
        }
        try syncDirectory(dir, for: path)
    }

    /// The directory part of `path`: `.` for a bare name, `/` for a file in the root.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    /// Opens a new, unique `.NAME.tmp-PID-N` beside the target with O_EXCL, so two
    /// writers (or a stale leftover) never share a temporary file.
    static func createTemporary(for path: String, in dir: String) throws(HardwareError) -> (Int32, String) {
        let base = path.split(separator: "/").last.map(String.init) ?? "file"
        let pid = getpid()
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        for attempt in 0..<64 {
            let temp = "\(dir)/.\(base).tmp-\(pid)-\(ts.tv_nsec)-\(attempt)"
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 { return (fd, temp) }
            if errno == EEXIST || errno == EINTR { continue }
            throw failure(path, "cannot create a temporary file in \(dir)")
        }
        throw HardwareError("\(path): cannot create a temporary file in \(dir): too many leftovers named .\(base).tmp-*", errno: EEXIST)
    }

    /// Makes the rename durable. Filesystems that cannot sync a directory say EINVAL;
    /// the rename itself has happened, so that is not an error.
    static func syncDirectory(_ dir: String, for path: String) throws(HardwareError) {
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, "cannot open directory \(dir) to sync it") }
        defer { close(fd) }
        if fsync(fd) != 0, errno != EINVAL {
            throw failure(path, "cannot fsync directory \(dir)")
        }
    }

    /// "PATH: WHAT: errno text", with the errno kept for callers that branch on it.
    static func failure(_ path: String, _ what: String) -> HardwareError {
        let code = errno
        return HardwareError("\(path): \(what): \(errnoText(code))", errno: code)
    }
}
