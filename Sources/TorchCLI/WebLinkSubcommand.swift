import TorchCore

/// `torch web-link`: the pairing link for one phone (the token travels in the URL's
/// fragment, which browsers never send to a server or put in a Referer), and the list
/// and revocation of the phones paired so far.
enum WebLinkSubcommand {
    static let name = Option("name", value: "name", help: "The phone's name, for --list and --revoke (\(WebPhone.nameRule); default: phone-N).",
                             parse: phoneName)
    static let viewer = Flag("viewer", help: "A read-only link: the page shows the light but sends no commands.")
    static let list = Flag("list", help: "List the paired phones (name, access, when minted), never their tokens.")
    static let revoke = Option("revoke", value: "name", help: "Revoke that phone: its link and its pages stop working now; other phones keep theirs.",
                               parse: phoneName)
    static let new = Flag("new", help: "Revoke every phone first, then make this link: every other browser must pair again.")
    static let host = Option("host", value: "name", help: "The name or address the phone reaches this machine by (default: the listen address, or HOSTNAME.local when it is 0.0.0.0 or [::]).")

    static let spec = CommandSpec(
        name: "web-link", overview: "Print a new link that pairs one phone's browser with the web page ([web] listen).",
        options: [name.spec, viewer.spec, list.spec, revoke.spec, new.spec, host.spec],
        discussion: """
        Every run makes a new token for one phone. Open the link on that phone once:
        the page trades the token for a session (its cookie holds only the session's
        id: HttpOnly, SameSite=Strict) and forgets the link. The tokens are kept beside
        the state file (web-tokens, mode 0600). Sessions live in the service's memory:
        after a restart of the service each phone opens its link again.
        """,
        drivesLight: false) { p, _ throws(UsageError) in
        let request = WebLinkRequest(viewer: p.isSet(viewer), renew: p.isSet(new), host: try p.value(host),
                                     name: try p.value(name), list: p.isSet(list), revoke: try p.value(revoke))
        if request.list, request.viewer || request.renew || request.host != nil || request.name != nil || request.revoke != nil {
            throw UsageError(message: "--list takes no other option (it lists every phone)", command: p.command)
        }
        if request.revoke != nil, request.viewer || request.renew || request.host != nil || request.name != nil {
            throw UsageError(message: "--revoke takes no other option (it revokes one phone; --new revokes all)", command: p.command)
        }
        return .webLink(request)
    }

    @Sendable static func phoneName(_ text: String) throws(ValueError) -> String {
        guard WebPhone.isWellFormedName(text) else { throw ValueError(value: text, allowed: WebPhone.nameRule) }
        return text
    }
}

/// What `torch web-link` was asked for.
public struct WebLinkRequest: Sendable, Equatable {
    /// The new link is read-only.
    public var viewer: Bool
    /// `--new`: revoke every phone before making the link.
    public var renew: Bool
    public var host: String?
    /// The new phone's name; nil: `phone-N`.
    public var name: String?
    /// `--list`: list the phones, make nothing.
    public var list: Bool = false
    /// `--revoke NAME`: the phone to revoke, make nothing.
    public var revoke: String?

    public init(viewer: Bool, renew: Bool, host: String?, name: String? = nil, list: Bool = false, revoke: String? = nil) {
        self.viewer = viewer
        self.renew = renew
        self.host = host
        self.name = name
        self.list = list
        self.revoke = revoke
    }
}
