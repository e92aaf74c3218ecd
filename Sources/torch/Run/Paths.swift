import TorchHardware

/// Where the torch keeps its files by default.
enum Paths {
    static let systemConfig = "/etc/torch/torch.conf"

    static var isRoot: Bool { ProcessEnvironment.isRoot }

    static func environment(_ name: String) -> String? {
        guard let s = ProcessEnvironment.variable(name), !s.isEmpty else { return nil }
        return s
    }

    /// The state file: the config's `[service] state-file` as root (default
    /// /var/lib/torch/state); for other users $XDG_STATE_HOME/torch/state
    /// (or ~/.local/state/torch/state), since they cannot write /var/lib.
    static func stateFile(configured: String, configuredExplicitly: Bool) -> String {
        if isRoot || configuredExplicitly { return configured }
        if let x = environment("XDG_STATE_HOME") { return x + "/torch/state" }
        if let h = environment("HOME") { return h + "/.local/state/torch/state" }
        return configured
    }

    static func fileExists(_ path: String) -> Bool { TorchHardware.fileExists(path) }

}
