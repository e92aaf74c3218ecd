/// One phone paired with the web page: the name the owner knows it by, what its link
/// grants, when `torch web-link` minted it, and the link's token (the secret; never
/// listed, never put in a cookie).
public struct WebPhone: Sendable, Equatable {
    /// What a phone's link grants.
    public enum Access: String, Sendable, CaseIterable {
        /// Everything the page does, within the owner's rules.
        case control
        /// The status and the events; commands are refused (403).
        case view
    }

    public var name: String
    public var access: Access
    /// When the link was minted, in seconds since the Unix epoch (UTC); nil for a link
    /// made before phones had names (the old single-token files).
    public var mintedAt: Int64?
    public var token: String

    public init(name: String, access: Access, mintedAt: Int64?, token: String) {
        self.name = name
        self.access = access
        self.mintedAt = mintedAt
        self.token = token
    }

    /// What a phone's name may be, as messages say it.
    public static let nameRule = "1 to 32 characters of A-Z a-z 0-9 - _"

    /// A name as `--name` and the token file take it (`nameRule`): no spaces, so a
    /// line of the file splits on them.
    public static func isWellFormedName(_ s: String) -> Bool {
        (1...32).contains(s.utf8.count) && s.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F
        }
    }
}
