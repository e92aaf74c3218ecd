#if canImport(Glibc)
import Glibc
#endif

/// Who this process runs as and what its environment says, for defaults that depend
/// on them (the control socket's path).
public enum ProcessEnvironment {
    /// The real user id (getuid).
    public static var userID: UInt32 { getuid() }

    /// An environment variable's value; nil when unset.
    public static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
