#if canImport(Glibc)
import Glibc
#endif
import TorchCore

/// Where the web page's phones live, beside the state file: `web-tokens` (one phone a
/// line, `WebTokenFileFormat`, mode 0600, written atomically), and the single-token
/// files of before (`web-token`: control, `web-viewer-token`: read-only). While
/// `web-tokens` does not exist the old files are read as the phones `old-link` and
/// `old-viewer-link`, so an upgrade keeps every old link working; the first change
/// (`torch web-link`) carries them into `web-tokens` and removes the old files. A
/// symbolic link at any of them is refused, its target never opened.
public struct WebTokenFiles: Sendable, Equatable {
    /// `DIR/web-tokens`.
    public var phones: String
    /// `DIR/web-token`: the old control token.
    public var legacyControl: String
    /// `DIR/web-viewer-token`: the old read-only token.
    public var legacyViewer: String

    public init(stateFile: String) {
        phones = Self.sibling(stateFile, "web-tokens")
        legacyControl = Self.sibling(stateFile, "web-token")
        legacyViewer = Self.sibling(stateFile, "web-viewer-token")
    }

    /// The phones now. A malformed `web-tokens` throws one line naming the file, the
    /// line and the field (it grants nothing); a damaged old file grants nothing.
    public func load() throws(HardwareError) -> WebTokenTable {
        if let text = try AtomicFile.readFile(phones, refusingLinks: true) {
            do { return try WebTokenFileFormat.parse(text, path: phones) } catch {
                throw HardwareError(error.message, errno: EINVAL)
            }
        }
        var table = WebTokenTable()
        for (path, name, access) in [(legacyControl, WebTokenFileFormat.legacyControlName, WebPhone.Access.control),
                                     (legacyViewer, WebTokenFileFormat.legacyViewerName, .view)] {
            // An unreadable old file grants nothing, as before.
            guard let text = try? AtomicFile.readFile(path, refusingLinks: true), let token = WebTokenFileFormat.legacyToken(text) else { continue }
            try? table.mint(WebPhone(name: name, access: access, mintedAt: nil, token: token))
        }
        return table
    }

    /// Writes `table` to `web-tokens` (mode 0600, atomically: a reader sees the old
    /// phones or the new, never half), then removes the old single-token files, whose
    /// phones `load` carried into the table.
    public func save(_ table: WebTokenTable) throws(HardwareError) {
        if let failed = makeParentDirectories(of: phones) {
            throw HardwareError("\(failed.directory): cannot create: \(errnoText(failed.errno))", errno: failed.errno)
        }
        try AtomicFile.write(WebTokenFileFormat.render(table), to: phones, mode: 0o600, refusingLinks: true)
        for path in [legacyControl, legacyViewer] {
            guard unlink(path) != 0, errno != ENOENT else { continue }
            throw HardwareError("\(path): cannot remove: \(errnoText(errno))", errno: errno)
        }
    }

    static func sibling(_ stateFile: String, _ name: String) -> String {
        guard let slash = stateFile.lastIndex(of: "/") else { return name }
        return String(stateFile[...slash]) + name
    }
}
