#if canImport(Glibc)
import Glibc
#endif

/// Small text files (the state file) written so a crash or power cut leaves either the
/// old file or the new one, never a torn mix: write a temporary file in the same
/// directory, fsync it, rename it over the target, fsync the directory.
public enum AtomicFile {
    /// Replaces `path` with `contents` atomically; the new file gets `mode` (less the
    /// umask; 0600 for a secret). Throws a `HardwareError` naming the path and the errno text.
    /// The rename replaces a symbolic link at `path`, never its target; `refusingLinks`
    /// (torch's own files) refuses one instead (`linkRefused`), leaving it as it is.
    public static func write(_ contents: String, to path: String, mode: mode_t = 0o644,
                             refusingLinks: Bool = false) throws(HardwareError) {
        if refusingLinks && isLink(path) { throw linkRefused(path) }
        let dir = directory(of: path)
        let (fd, temp) = try createTemporary(for: path, in: dir, mode: mode)
        var ok = false
        defer { if !ok { unlink(temp) } }
        let written = Array(contents.utf8).withUnsafeBytes { fd.writeAll($0) }
        guard written == 0 else { throw failure(path, "cannot write \(temp)", errno: written) }
        let synced = fd.sync()
        guard synced == 0 else { throw failure(path, "cannot fsync \(temp)", errno: synced) }
        let closed = fd.close()
        guard closed == 0 else { throw failure(path, "cannot close \(temp)", errno: closed) }
        ok = true
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
    static func createTemporary(for path: String, in dir: String, mode: mode_t = 0o644) throws(HardwareError) -> (FileDescriptor, String) {
        let base = path.split(separator: "/").last.map(String.init) ?? "file"
        let pid = getpid()
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        for attempt in 0..<64 {
            let temp = "\(dir)/.\(base).tmp-\(pid)-\(ts.tv_nsec)-\(attempt)"
            if let fd = FileDescriptor.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: mode) { return (fd, temp) }
            if errno == EEXIST { continue }
            throw failure(path, "cannot create a temporary file in \(dir)")
        }
        throw HardwareError("\(path): cannot create a temporary file in \(dir): too many leftovers named .\(base).tmp-*", errno: EEXIST)
    }

    /// Makes the rename durable. Filesystems that cannot sync a directory say EINVAL;
    /// the rename itself has happened, so that is not an error.
    static func syncDirectory(_ dir: String, for path: String) throws(HardwareError) {
        guard let fd = FileDescriptor.open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) else {
            throw failure(path, "cannot open directory \(dir) to sync it")
        }
        let synced = fd.sync()
        if synced != 0, synced != EINVAL {
            throw failure(path, "cannot fsync directory \(dir)", errno: synced)
        }
    }

    /// "PATH: WHAT: errno text", with the errno kept for callers that branch on it.
    static func failure(_ path: String, _ what: String, errno code: Int32 = errno) -> HardwareError {
        return HardwareError("\(path): \(what): \(errnoText(code))", errno: code)
    }
}
