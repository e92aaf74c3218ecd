#if canImport(Glibc)
import Glibc
#endif

/// Reading the small text files torch keeps (config, state, board files): the one
/// reader for all of them.
///
/// A path can name anything, and a wrong one must not hang or flood the service: a FIFO
/// blocks `open` until a writer comes (forever at boot), a device or `/dev/zero` never
/// ends. So the file is opened non-blocking, checked with `fstat` to be a regular file
/// of at most `maxReadSize` bytes, and only then read.
extension AtomicFile {
    /// The largest file `readFile` accepts, in bytes (1 MiB): state and config files
    /// are a few hundred bytes.
    public static let maxReadSize = 1 << 20

    /// The file's contents as text, or nil when it does not exist. Bytes that are not
    /// UTF-8 become U+FFFD, so a corrupt file reads as text that fails to parse.
    ///
    /// Throws one line naming the path and what is wrong: `is a FIFO, not a regular
    /// file`, `2097152 bytes, over the 1 MiB limit …`, `cannot open: Permission denied`.
    ///
    /// `refusingLinks`: for torch's own files in its state directory (the state file, the
    /// web page's phones, the status LEDs' save): a symbolic link there is refused
    /// (`linkRefused`) and its target neither opened nor read (O_NOFOLLOW).
    public static func readFile(_ path: String, refusingLinks: Bool = false) throws(HardwareError) -> String? {
        // O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer.
        // O_NOCTTY: a terminal named by mistake does not become the controlling one.
        let noFollow = refusingLinks ? O_NOFOLLOW : 0
        guard let file = FileDescriptor.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | noFollow) else {
            if errno == ENOENT { return nil }
            if refusingLinks && errno == ELOOP { throw linkRefused(path) }
            throw failure(path, "cannot open")
        }
        let fd = file.rawValue
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw failure(path, "cannot stat") }
        let type = st.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw HardwareError("\(path): is \(kind(type)), not a regular file", errno: type == S_IFDIR ? EISDIR : EINVAL)
        }
        guard st.st_size <= maxReadSize else { throw tooLarge(path, size: "\(st.st_size)") }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Interrupted.retry { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if n < 0 { throw failure(path, "cannot read") }
            if n == 0 { break }
            data.append(contentsOf: chunk[0..<n])
            // Files whose size says nothing (procfs reports 0) or that grow while read.
            guard data.count <= maxReadSize else { throw tooLarge(path, size: "more than \(maxReadSize)") }
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// What a file type (`st_mode & S_IFMT`) is, with its article: "a FIFO".
    static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "an unknown kind of file (type \(String(type, radix: 8)))"
        }
    }

    /// "PATH: is a symbolic link, refused …": one of torch's own files is a link (where
    /// someone who may write the directory could point it at any file root may write).
    public static func linkRefused(_ path: String) -> HardwareError {
        HardwareError("\(path): is a symbolic link, refused: torch reads and writes its own files only as regular files (remove the link)",
                      errno: ELOOP)
    }

    /// True when the last component of `path` is a symbolic link (lstat).
    static func isLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK
    }

    private static func tooLarge(_ path: String, size: String) -> HardwareError {
        HardwareError("\(path): \(size) bytes, over the \(maxReadSize >> 20) MiB limit for this file; is this the right file?", errno: EFBIG)
    }
}
