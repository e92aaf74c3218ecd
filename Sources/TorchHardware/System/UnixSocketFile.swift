#if canImport(Glibc)
import Glibc
#endif

/// The file a listening Unix socket lives at: its directory made and a stale socket
/// removed before `bind`, its mode and group set after, the file removed at the end.
/// Abstract names (`@name`) have no file: every step is skipped for them.
///
/// Messages name the socket as `name PATH` (e.g. "control socket /run/torch/torch.sock").
public enum UnixSocketFile {
    /// `mkdir -p` of the socket's directory (mode 0755: the socket's own mode decides
    /// who may connect), then removes a socket left by a process that died.
    ///
    /// Throws when a live process answers on the path ("already running", EADDRINUSE),
    /// when the path is something other than a socket (EEXIST), or when a directory
    /// cannot be made. Returns a notice line when it removed a stale socket.
    public static func prepare(_ path: String, name: String) throws(HardwareError) -> String? {
        guard !path.hasPrefix("@") else { return nil }
        try makeDirectory(containing: path, name: name)
        return try removeStale(path, name: name)
    }

    /// Sets the file's mode (e.g. 0o660) and, when `group` is given, its group. Neither
    /// failure is fatal (the socket works, only for fewer users): each comes back as a
    /// warning line.
    public static func setAccess(_ path: String, name: String, mode: UInt32, group: String?) -> [String] {
        guard !path.hasPrefix("@") else { return [] }
        var warnings: [String] = []
        if chmod(path, mode_t(mode)) != 0 {
            let e = errno
            warnings.append("\(name) \(path): chmod \(String(mode, radix: 8)): \(errnoText(e))")
        }
        guard let group else { return warnings }
        guard let entry = getgrnam(group) else {
            // A board's image has a gpio group; a laptop or a server usually has none.
            warnings.append("\(name) \(path): group '\(group)' does not exist; keeping group \(getegid()): only this "
                + "user and that group may send commands; to let others in, add the group (groupadd \(group)) or set "
                + "[service] socket-group to one of yours")
            return warnings
        }
        if chown(path, uid_t.max, entry.pointee.gr_gid) != 0 {
            let e = errno
            warnings.append("\(name) \(path): chgrp \(group): \(errnoText(e)); keeping group \(getegid())")
        }
        return warnings
    }

    /// The name of the socket file's group (the group whose members may connect to a
    /// 0660 socket); nil when the file or the group cannot be read.
    public static func groupName(of path: String) -> String? {
        var st = stat()
        guard !path.hasPrefix("@"), stat(path, &st) == 0, let entry = getgrgid(st.st_gid) else { return nil }
        return String(cString: entry.pointee.gr_name)
    }

    /// Removes the socket file (at shutdown); a missing file is fine.
    public static func remove(_ path: String) {
        guard !path.hasPrefix("@") else { return }
        unlink(path)
    }

    /// "a torch service is already running" at `path` (EADDRINUSE), naming its `pid`
    /// and how to stop it when known.
    public static func alreadyRunning(_ path: String, name: String, pid: Int32?) -> HardwareError {
        guard let pid else {
            return HardwareError("\(name) \(path): a torch service is already running (it answers there)", errno: EADDRINUSE)
        }
        return HardwareError("\(name) \(path): a torch service is already running, pid \(pid) (it answers there): "
                             + "stop it first (systemctl stop torch, or kill \(pid))", errno: EADDRINUSE)
    }

    /// True for `prepare`'s refusal because a live process answers on the path.
    public static func isAlreadyRunning(_ error: HardwareError) -> Bool { error.errno == EADDRINUSE }

    private static func makeDirectory(containing path: String, name: String) throws(HardwareError) {
        if let (directory, e) = makeParentDirectories(of: path) {
            throw HardwareError("\(name) \(path): mkdir \(directory): \(errnoText(e))", errno: e)
        }
    }

    /// Removes a socket nothing answers on; refuses when one answers there or when the
    /// path is not a socket at all.
    private static func removeStale(_ path: String, name: String) throws(HardwareError) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        guard st.st_mode & S_IFMT == S_IFSOCK else {
            throw HardwareError("\(name) \(path): exists and is not a socket (move it away or set another path)",
                                errno: EEXIST)
        }
        let answered: Bool
        do {
            try UnixSocket.connect(path: path, timeout: .seconds(1)).close()
            answered = true
        } catch {
            guard error.errno == ECONNREFUSED else {
                throw HardwareError("\(name) \(path): \(error.message)", errno: error.errno)
            }
            answered = false
        }
        if answered { throw alreadyRunning(path, name: name, pid: nil) }
        guard unlink(path) == 0 else {
            let e = errno
            throw HardwareError("\(name) \(path): removing the stale socket: \(errnoText(e))", errno: e)
        }
        return "\(name) \(path): removed a stale socket (nothing answered)"
    }
}
