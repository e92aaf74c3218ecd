#if canImport(Glibc)
import Glibc
#endif

/// `mkdir -p` for the directory that will hold `file` (mode 0755); existing ones are fine.
public func makeParentDirectories(of file: String) {
    guard let slash = file.lastIndex(of: "/"), slash != file.startIndex else { return }
    var path = ""
    for part in file[..<slash].split(separator: "/") {
        path += "/" + part
        _ = mkdir(file.hasPrefix("/") ? path : String(path.dropFirst()), 0o755)
    }
}

/// True when `path` exists (following symbolic links).
public func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

/// Removes the file at `path` if it is there (unlink): scratch files. True when it is gone.
@discardableResult
public func removeFile(_ path: String) -> Bool { unlink(path) == 0 || errno == ENOENT }
