import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// Where the torch keeps its files by default.
enum Paths {
    static let systemConfig = "/etc/torch/torch.conf"

    static var isRoot: Bool { geteuid() == 0 }

    static func environment(_ name: String) -> String? {
        guard let p = getenv(name) else { return nil }
        let s = String(cString: p)
        return s.isEmpty ? nil : s
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

    static func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

}
