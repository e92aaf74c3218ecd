#if canImport(Glibc)
import Glibc
#endif

/// A file that holds a secret (the MQTT password, a TLS client key): read only when
/// neither group nor others may read it, as ssh does with a private key: a secret any
/// local user can read is no secret.
extension AtomicFile {
    /// The mode a secret's file should have.
    public static let secretMode = "0600"

    /// The file's contents, nil when it does not exist; throws one line naming the path
    /// and the mode to use when group or others may read it.
    public static func readSecret(_ path: String) throws(HardwareError) -> String? {
        guard try checkSecret(path, holding: "the password") else { return nil }
        return try readFile(path)
    }

    /// Throws unless `path` exists and only its owner may read it (`what` names the secret
    /// in the message, e.g. "the private key"); another program reads the file itself.
    public static func requireSecret(_ path: String, holding what: String) throws(HardwareError) {
        guard try checkSecret(path, holding: what) else { throw failure(path, "cannot open", errno: ENOENT) }
    }

    /// False when the file does not exist; throws when it cannot be opened or group or
    /// others may read it.
    private static func checkSecret(_ path: String, holding what: String) throws(HardwareError) -> Bool {
        guard let file = FileDescriptor.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) else {
            if errno == ENOENT { return false }
            throw failure(path, "cannot open")
        }
        var st = stat()
        guard fstat(file.rawValue, &st) == 0 else { throw failure(path, "cannot stat") }
        let mode = st.st_mode & 0o777
        guard mode & 0o044 == 0 else {
            let shown = "0" + String(mode, radix: 8)
            throw HardwareError("\(path): mode \(shown) lets group or others read \(what): "
                                + "use mode \(secretMode) (chmod \(secretMode.dropFirst()) \(path))", errno: EACCES)
        }
        return true
    }

    /// Throws one line naming `path` unless this process can open it for reading.
    public static func requireReadable(_ path: String) throws(HardwareError) {
        guard FileDescriptor.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) != nil else {
            throw failure(path, "cannot open")
        }
    }
}
