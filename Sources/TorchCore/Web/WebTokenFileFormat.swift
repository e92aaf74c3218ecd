/// The text of the phones' token file (`web-tokens`, mode 0600, beside the state file),
/// one phone a line:
///
///     # torch web-link: one phone a line: NAME ACCESS MINTED TOKEN
///     kitchen control 1796184000 Yk3…
///
/// NAME is `WebPhone.nameRule`, ACCESS `control` or `view`, MINTED the Unix seconds
/// (UTC) it was minted or `-` (unknown), TOKEN 16 to 128 of `A-Z a-z 0-9 - _`. Blank
/// lines and `#` comments are skipped. The files of the single-token days
/// (`web-token`, `web-viewer-token`: one token, nothing else) are read by `legacyToken`.
public enum WebTokenFileFormat {
    /// The first line of every file written.
    public static let header = "# torch web-link: one phone a line: NAME ACCESS MINTED TOKEN (keep this file private)"

    /// The phones in `text`; a bad line is refused with one line naming `path`, the line
    /// number, the field and what is allowed. A token is never quoted: the file's lines
    /// are secrets.
    public static func parse(_ text: String, path: String) throws(WebTokenError) -> WebTokenTable {
        var table = WebTokenTable()
        var number = 0
        // "\r\n" is one Character to Swift: both line ends split.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let at = "\(path):\(number)"
            let fields = trimmed.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 4 else {
                throw WebTokenError("\(at): expected NAME ACCESS MINTED TOKEN separated by spaces, found \(fields.count) field\(fields.count == 1 ? "" : "s")")
            }
            let name = String(fields[0])
            guard WebPhone.isWellFormedName(name) else {
                throw WebTokenError("\(at): name '\(name.prefix(40))' is not valid: expected \(WebPhone.nameRule)")
            }
            guard let access = WebPhone.Access(rawValue: String(fields[1])) else {
                throw WebTokenError("\(at): access '\(fields[1].prefix(40))' of '\(name)' is not valid: expected control or view")
            }
            let minted: Int64?
            if fields[2] == "-" {
                minted = nil
            } else {
                guard fields[2].utf8.count <= 12, fields[2].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                      let seconds = Int64(fields[2]) else {
                    throw WebTokenError("\(at): minted time '\(fields[2].prefix(40))' of '\(name)' is not valid: expected Unix seconds (up to 12 digits) or -")
                }
                minted = seconds
            }
            let token = String(fields[3])
            guard WebAccess.isWellFormedToken(token) else {
                throw WebTokenError("\(at): the token of '\(name)' is not valid: expected 16 to 128 characters of A-Z a-z 0-9 - _")
            }
            guard table.phone(named: name) == nil else {
                throw WebTokenError("\(at): name '\(name)' is already on an earlier line: every phone has its own name")
            }
            guard table.phone(presenting: token) == nil else {
                throw WebTokenError("\(at): the token of '\(name)' is an earlier phone's: every phone has its own token")
            }
            do { try table.mint(WebPhone(name: name, access: access, mintedAt: minted, token: token)) } catch {
                throw WebTokenError("\(at): \(error)")
            }
        }
        return table
    }

    /// The file's text for `table`: the header, then one line per phone.
    public static func render(_ table: WebTokenTable) -> String {
        var out = header + "\n"
        for p in table.phones {
            out += "\(p.name) \(p.access.rawValue) \(p.mintedAt.map { String($0) } ?? "-") \(p.token)\n"
        }
        return out
    }

    /// The token of an old single-token file (`web-token`, `web-viewer-token`): its
    /// text without line ends; nil when that is not a well-formed token (a damaged file
    /// grants nothing).
    public static func legacyToken(_ text: String) -> String? {
        let token = String(text.filter { $0 != "\n" && $0 != "\r" })
        return WebAccess.isWellFormedToken(token) ? token : nil
    }

    /// The names the old files' tokens get once read as phones.
    public static let legacyControlName = "old-link"
    public static let legacyViewerName = "old-viewer-link"
}
