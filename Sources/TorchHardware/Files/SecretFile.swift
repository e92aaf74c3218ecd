#if canImport(Glibc)
import Glibc
#endif

/// A file that holds a secret (the MQTT password): read as `readFile` reads, but only
/// when neither group nor others may read it, as ssh does with a private key: a password
/// any local user can read is no secret.
extension AtomicFile {
    /// The mode a secret's file should have.
    public static let secretMode = "0600"

    /// The file's contents, nil when it does not exist; throws one line naming the path
    /// and the mode to use when group or others may read it.
    public static func readSecret(_ path: String) throws(HardwareError) -> String? {
        guard let file = FileDescriptor.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) else {
            if errno == ENOENT { return nil }
            throw failure(path, "cannot open")
        }
        var st = stat()
        guard fstat(file.rawValue, &st) == 0 else { throw failure(path, "cannot stat") }
        let mode = st.st_mode & 0o777
        guard mode & 0o044 == 0 else {
            let shown = "0" + String(mode, radix: 8)
            throw HardwareError("\(path): mode \(shown) lets group or others read the password: "
                                + "use mode \(secretMode) (chmod \(secretMode.dropFirst()) \(path))", errno: EACCES)
        }
        return try readFile(path)
    }
}
