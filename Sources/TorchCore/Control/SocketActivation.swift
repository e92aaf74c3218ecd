/// systemd's socket activation as `sd_listen_fds(3)` reads it: the service inherits
/// its listening sockets from descriptor 3 on, and `LISTEN_PID` / `LISTEN_FDS` say so.
/// torch.socket passes exactly one (the control socket), so this answers with
/// descriptor 3, nothing, or an error naming the variable.
public enum SocketActivation {
    /// The first inherited descriptor (`SD_LISTEN_FDS_START`).
    public static let firstDescriptor: Int32 = 3

    /// The inherited control socket's descriptor, or nil when nothing was passed to this
    /// process: `LISTEN_PID` unset, naming another process (a parent's, inherited by
    /// mistake), or `LISTEN_FDS=0`.
    ///
    /// - Parameters:
    ///   - listenPID: `$LISTEN_PID`, nil when unset.
    ///   - listenFDs: `$LISTEN_FDS`, nil when unset.
    ///   - processID: this process's id (getpid).
    public static func descriptor(listenPID: String?, listenFDs: String?,
                                  processID: Int32) throws(SocketActivationError) -> Int32? {
        guard let listenPID else { return nil }
        guard let pid = Int32(listenPID.trimmedASCII), pid > 0 else {
            throw .badValue(variable: "LISTEN_PID", value: listenPID)
        }
        guard pid == processID else { return nil }
        guard let listenFDs else { throw .badValue(variable: "LISTEN_FDS", value: "(unset)") }
        guard let count = Int(listenFDs.trimmedASCII), count >= 0 else {
            throw .badValue(variable: "LISTEN_FDS", value: listenFDs)
        }
        switch count {
        case 0: return nil
        case 1: return firstDescriptor
        default: throw .tooMany(count)
        }
    }
}

/// Why the inherited sockets cannot be used; a problem of the units, said in one line.
public enum SocketActivationError: Error, Equatable, Sendable, CustomStringConvertible {
    case badValue(variable: String, value: String)
    case tooMany(Int)

    public var description: String {
        switch self {
        case let .badValue(variable, value):
            "socket activation: \(variable)='\(EchoedText.bounded(value))' is not valid: expected a process id (LISTEN_PID) or a count (LISTEN_FDS)"
        case let .tooMany(n):
            "socket activation: \(n) sockets passed (LISTEN_FDS=\(n)); torch.socket must pass exactly one (the control socket)"
        }
    }
}
