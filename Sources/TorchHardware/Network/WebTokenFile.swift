import TorchCore

/// The web page's pairing tokens, one per file (mode 0600, beside the state file):
/// `web-token` grants control, `web-viewer-token` (only once `torch web-link --viewer`
/// made it) grants a read-only view. `torch web-link` makes them; the service reads
/// them when a browser pairs or presents its cookie, so a new token (`--new`) takes
/// effect at once and the old one stops working.
public enum WebTokenFile {
    /// The control token's file for a state file path: `DIR/web-token`.
    public static func controlPath(stateFile: String) -> String { sibling(stateFile, "web-token") }
    /// The viewer token's file: `DIR/web-viewer-token`.
    public static func viewerPath(stateFile: String) -> String { sibling(stateFile, "web-viewer-token") }

    /// The token in `path`; nil when there is none or it is not a well-formed token (a
    /// damaged file grants nothing).
    public static func read(_ path: String) -> String? {
        guard let text = try? AtomicFile.readFile(path) else { return nil }
        let token = String(text.filter { $0 != "\n" && $0 != "\r" })
        return WebAccess.isWellFormedToken(token) ? token : nil
    }

    /// The token in `path`, made (random, mode 0600) when missing or when `renew`.
    public static func ensure(_ path: String, renew: Bool = false) throws(HardwareError) -> String {
        if !renew, let t = read(path) { return t }
        if let failed = makeParentDirectories(of: path) {
            throw HardwareError("\(failed.directory): cannot create: \(errnoText(failed.errno))", errno: failed.errno)
        }
        let token = try RandomToken.make()
        try AtomicFile.write(token + "\n", to: path, mode: 0o600)
        return token
    }

    static func sibling(_ stateFile: String, _ name: String) -> String {
        guard let slash = stateFile.lastIndex(of: "/") else { return name }
        return String(stateFile[...slash]) + name
    }
}
