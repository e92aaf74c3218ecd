import TorchHardware

/// Where the control socket lives when the config does not say.
public enum ControlSocketPath {
    /// `/run/torch/torch.sock` for root (systemd's RuntimeDirectory=torch),
    /// `$XDG_RUNTIME_DIR/torch.sock` for anyone else, `/tmp/torch-UID/torch.sock` when
    /// that variable is unset.
    public static func `default`() -> String {
        `default`(uid: ProcessEnvironment.userID, runtimeDirectory: ProcessEnvironment.variable("XDG_RUNTIME_DIR"))
    }

    /// The default for user `uid` with `runtimeDirectory` as `$XDG_RUNTIME_DIR`.
    public static func `default`(uid: UInt32, runtimeDirectory: String?) -> String {
        if uid == 0 { return "/run/torch/torch.sock" }
        if let dir = runtimeDirectory, dir.hasPrefix("/") {
            return (dir.hasSuffix("/") ? dir : dir + "/") + "torch.sock"
        }
        return "/tmp/torch-\(uid)/torch.sock"
    }
}
