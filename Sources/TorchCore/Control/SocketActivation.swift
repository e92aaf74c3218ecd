/// systemd's socket activation as `sd_listen_fds_with_names(3)` reads it: the service
/// inherits descriptors from 3 on; `LISTEN_PID` / `LISTEN_FDS` say how many, and
/// `LISTEN_FDNAMES` (colon-separated) names each. They are torch.socket's listening
/// socket (named after the socket unit) and what systemd kept in the service's file
/// descriptor store for it (`FDSTORE=1` with `FDNAME=`): the GPIO line's request,
/// `storedLightName`, so a restart takes the light over lit.
public enum SocketActivation {
    /// The first inherited descriptor (`SD_LISTEN_FDS_START`).
    public static let firstDescriptor: Int32 = 3

    /// The name torch gives the light's descriptor in systemd's store.
    public static let storedLightName = "torch-light"
    /// Every name torch stores descriptors under; any other inherited descriptor is a
    /// socket.
    public static let storedNames: Set<String> = [storedLightName]

    /// What this process inherited: at most one control socket, and stored descriptors.
    public struct Inherited: Equatable, Sendable {
        /// torch.socket's listening socket (any descriptor not named as a stored one).
        public var controlSocket: Int32?
        /// The descriptors of systemd's store, by their `FDNAME=`.
        public var stored: [String: Int32]

        public init(controlSocket: Int32? = nil, stored: [String: Int32] = [:]) {
            self.controlSocket = controlSocket
            self.stored = stored
        }
    }

    /// The inherited descriptors; nothing when nothing was passed to this process:
    /// `LISTEN_PID` unset, naming another process (a parent's, inherited by mistake), or
    /// `LISTEN_FDS=0`.
    ///
    /// - Parameters:
    ///   - listenPID: `$LISTEN_PID`, nil when unset.
    ///   - listenFDs: `$LISTEN_FDS`, nil when unset.
    ///   - listenFDNames: `$LISTEN_FDNAMES`, nil when unset (then no descriptor is a
    ///     stored one).
    ///   - processID: this process's id (getpid).
    public static func inherited(listenPID: String?, listenFDs: String?, listenFDNames: String? = nil,
                                 processID: Int32) throws(SocketActivationError) -> Inherited {
        guard let listenPID else { return Inherited() }
        guard let pid = Int32(listenPID.trimmedASCII), pid > 0 else {
            throw .badValue(variable: "LISTEN_PID", value: listenPID)
        }
        guard pid == processID else { return Inherited() }
        guard let listenFDs else { throw .badValue(variable: "LISTEN_FDS", value: "(unset)") }
        // systemd passes at most a few thousand (its store's limit is 4096 per service).
        guard let count = Int(listenFDs.trimmedASCII), count >= 0, count <= 65_536 else {
            throw .badValue(variable: "LISTEN_FDS", value: listenFDs)
        }
        let names = listenFDNames.map { $0.split(separator: ":", omittingEmptySubsequences: false).map(String.init) }
        if let names, names.count != count {
            throw .namesMismatch(count: count, names: listenFDNames ?? "")
        }
        var out = Inherited()
        var sockets = 0
        for i in 0..<count {
            let fd = firstDescriptor + Int32(i)
            if let name = names?[i], storedNames.contains(name) {
                out.stored[name] = fd
            } else {
                sockets += 1
                out.controlSocket = fd
            }
        }
        if sockets > 1 { throw .tooMany(sockets) }
        return out
    }

    /// The inherited control socket's descriptor, or nil (see `inherited`).
    public static func descriptor(listenPID: String?, listenFDs: String?,
                                  processID: Int32) throws(SocketActivationError) -> Int32? {
        try inherited(listenPID: listenPID, listenFDs: listenFDs, processID: processID).controlSocket
    }
}

/// Why the inherited descriptors cannot be used; a problem of the units, said in one line.
public enum SocketActivationError: Error, Equatable, Sendable, CustomStringConvertible {
    case badValue(variable: String, value: String)
    case tooMany(Int)
    case namesMismatch(count: Int, names: String)

    public var description: String {
        switch self {
        case let .badValue(variable, value):
            "socket activation: \(variable)='\(EchoedText.bounded(value))' is not valid: expected a process id (LISTEN_PID) or a count (LISTEN_FDS)"
        case let .tooMany(n):
            "socket activation: \(n) sockets passed; torch.socket must pass exactly one (the control socket)"
        case let .namesMismatch(count, names):
            "socket activation: LISTEN_FDNAMES='\(EchoedText.bounded(names))' does not name the \(count) descriptors of LISTEN_FDS"
        }
    }
}
