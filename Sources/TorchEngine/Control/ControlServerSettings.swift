/// How the control socket is set up and what it tolerates (config `[service]`).
public struct ControlServerSettings: Sendable {
    /// The socket's path (see `ControlSocketPath.default()`).
    public var path: String
    /// The group that may connect (mode 0660); nil keeps the creator's group.
    /// A group that does not exist is logged and the creator's group kept.
    public var group: String?
    /// Clients connected at once; when all are taken, a new client closes the one idle
    /// longest (see `ConnectionEviction`).
    public var maxClients: Int
    /// The longest request line, in bytes without the newline.
    public var maxRequestBytes: Int
    /// A connection with no complete request for this long is closed (partial lines and
    /// blank lines do not count as activity).
    public var idleTimeout: Duration
    /// A listening socket systemd passed (torch.socket, `ActivatedSocket.take()`): used
    /// as it is. systemd made its file with its mode and group and owns it, so the
    /// server neither prepares nor removes the file.
    public var inheritedListener: Int32?

    public init(path: String, group: String? = "gpio", maxClients: Int = 8,
                maxRequestBytes: Int = 4096, idleTimeout: Duration = .seconds(30),
                inheritedListener: Int32? = nil) {
        self.inheritedListener = inheritedListener
        self.path = path
        self.group = group
        self.maxClients = maxClients
        self.maxRequestBytes = maxRequestBytes
        self.idleTimeout = idleTimeout
    }
}
