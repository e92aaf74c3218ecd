#if canImport(Glibc)
import Glibc
#endif
import TorchCore

/// The phones as the service sees them, read again only when a token file changed.
///
/// The web server asks on every request (a revoked phone must stop at once, without a
/// restart), so parsing each time would cost a read per request; a `stat` of each file
/// (inode, size, modification time in nanoseconds) says whether anything changed. An
/// atomic write makes a new inode, so even a same-size rewrite within one clock tick
/// is seen.
public final class WebTokenCache {
    public let files: WebTokenFiles
    private var key: [FileIdentity?]?
    private var cached: Result<WebTokenTable, HardwareError> = .success(WebTokenTable())

    public init(files: WebTokenFiles) {
        self.files = files
    }

    /// The phones now; `.failure` when `web-tokens` is malformed or unreadable (the
    /// service logs it once per change and grants nothing meanwhile). `changed` is true
    /// when the files were read again on this call.
    public func table() -> (Result<WebTokenTable, HardwareError>, changed: Bool) {
        let now = identity()
        if let key, key == now { return (cached, false) }
        key = now
        do { cached = .success(try files.load()) } catch { cached = .failure(error) }
        return (cached, true)
    }

    /// What `stat` says of each file that counts: `web-tokens`, and the old files only
    /// while it is missing (it replaces them).
    private func identity() -> [FileIdentity?] {
        let phones = FileIdentity(files.phones)
        if phones != nil { return [phones] }
        return [nil, FileIdentity(files.legacyControl), FileIdentity(files.legacyViewer)]
    }
}

/// A file's identity as `stat` gives it: nil when it does not exist or cannot be stat'ed.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64

    init?(_ path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        modifiedSeconds = Int64(st.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(st.st_mtim.tv_nsec)
    }
}
