#if canImport(Glibc)
import Glibc
#endif

/// Who this process runs as and what its environment says, for defaults that depend
/// on them (the control socket's path, the state file's, the board files'). The one
/// `getenv` of the program.
public enum ProcessEnvironment {
    /// The real user id (getuid).
    public static var userID: UInt32 { getuid() }

    /// This process's id (getpid): unique names for scratch files.
    public static var processID: Int32 { getpid() }

    /// True when the process runs as root (effective uid 0): root's files live under
    /// /etc, /run and /var/lib; everyone else's under the XDG directories.
    public static var isRoot: Bool { geteuid() == 0 }

    /// An environment variable's value; nil when unset (an empty value is "").
    public static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Ends the process: the one `exit` of the program, called from `main` only.
public func exitProcess(_ code: Int32) -> Never {
    exit(code)
}
