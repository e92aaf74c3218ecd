import TorchCore

/// What the executable gives a front end kind to start one, besides its section's
/// settings: the service's log, where its files go, and what it may say about this
/// board. The runner fills it once, for every kind alike.
public struct FrontEndShell {
    /// The service's log (the journal under systemd).
    public var log: (LogPriority, String) -> Void
    /// The state file's path: files a front end keeps go beside it (the web page's tokens).
    public var statePath: String
    /// The control socket's path: its users are trusted as the socket trusts them.
    public var controlSocketPath: String
    /// This machine's host name; nil when it has none.
    public var hostName: String?
    /// `[light] patterns`, in order (Home Assistant's effect list).
    public var patterns: [String]
    /// The board's name ("Raspberry Pi 5"), looked up only when asked.
    public var boardModel: () -> String
    /// torch's version text ("torch 1.2.0").
    public var softwareVersion: String

    public init(log: @escaping (LogPriority, String) -> Void, statePath: String, controlSocketPath: String,
                hostName: String?, patterns: [String], boardModel: @escaping () -> String, softwareVersion: String) {
        self.log = log
        self.statePath = statePath
        self.controlSocketPath = controlSocketPath
        self.hostName = hostName
        self.patterns = patterns
        self.boardModel = boardModel
        self.softwareVersion = softwareVersion
    }
}
