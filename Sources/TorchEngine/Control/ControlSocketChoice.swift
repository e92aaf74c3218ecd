/// Which control socket the CLI talks to: the system service's socket first
/// (`[service] socket`, /run/torch/torch.sock), then the user's own (a `torch run` of
/// theirs, `$XDG_RUNTIME_DIR/torch.sock`). The first socket that answers, refuses or
/// fails decides; only when none is there does the CLI drive the hardware itself. A
/// socket the user may not open (EACCES) means a service holds the light: the CLI
/// says which group grants access and never fights the service for the hardware.
public enum ControlSocketChoice {
    /// What connecting to one socket found.
    public enum Probe: Equatable, Sendable {
        /// A service accepted the connection.
        case answered
        /// No file, or nothing listening (ENOENT, ECONNREFUSED).
        case nothingListening
        /// The socket is there but this user may not connect (EACCES); `group` is the
        /// socket file's group, the one that grants access.
        case denied(group: String?)
        /// Anything else (a timeout, a bad reply): one line naming the socket.
        case failed(String)
    }

    /// What the CLI does.
    public enum Decision: Equatable, Sendable {
        /// Send the request here.
        case use(path: String)
        /// Print `deniedMessage` and exit 1.
        case denied(path: String, group: String?)
        /// Print the line and exit 1.
        case failed(String)
        /// No service anywhere: drive the hardware in the foreground.
        case driveHardware
    }

    /// The sockets to try, in order: the system one, then (for a user other than root,
    /// when the config names no other socket) the user's own.
    public static func candidates(systemSocket: String, configuredExplicitly: Bool, userID: UInt32,
                                  runtimeDirectory: String?) -> [String] {
        var paths = [systemSocket]
        if userID != 0 && !configuredExplicitly {
            let own = ControlSocketPath.default(uid: userID, runtimeDirectory: runtimeDirectory)
            if own != systemSocket { paths.append(own) }
        }
        return paths
    }

    /// Tries `candidates` in order with `probe` until one is there.
    public static func decide(_ candidates: [String], probe: (String) -> Probe) -> Decision {
        for path in candidates {
            switch probe(path) {
            case .answered: return .use(path: path)
            case .nothingListening: continue
            case let .denied(group): return .denied(path: path, group: group)
            case let .failed(line): return .failed(line)
            }
        }
        return .driveHardware
    }

    /// The one line for a socket this user may not use.
    public static func deniedMessage(path: String, group: String?) -> String {
        guard let group else {
            return "torch: \(path): permission denied: a torch service runs there; ask its administrator for access to the socket"
        }
        return "torch: \(path): permission denied: a torch service runs there; members of group '\(group)' may use it (sudo usermod -aG \(group) $USER, then log in again)"
    }
}
