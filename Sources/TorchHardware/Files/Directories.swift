#if canImport(Glibc)
import Glibc
#endif

/// `mkdir -p` for the directory that will hold `file` (mode 0755); existing ones are
/// fine. The program's one `mkdir`. Returns nil, or the first directory that could not
/// be made with its errno (relative ones spelt `./a/b`).
@discardableResult
public func makeParentDirectories(of file: String) -> (directory: String, errno: Int32)? {
    guard let slash = file.lastIndex(of: "/"), slash != file.startIndex else { return nil }
    var prefix = file.hasPrefix("/") ? "" : "."
    for part in file[..<slash].split(separator: "/") {
        prefix += "/" + part
        if mkdir(prefix, 0o755) != 0 && errno != EEXIST { return (prefix, errno) }
    }
    return nil
}

/// True when `path` exists (following symbolic links).
public func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

/// Removes the file at `path` if it is there (unlink): scratch files. True when it is gone.
@discardableResult
public func removeFile(_ path: String) -> Bool { unlink(path) == 0 || errno == ENOENT }
