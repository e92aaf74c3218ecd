import TorchCore

/// `torch web-link`: the pairing link for a phone (the token travels in the URL's
/// fragment, which browsers never send to a server or put in a Referer).
enum WebLinkSubcommand {
    static let viewer = Flag("viewer", help: "A read-only link: the page shows the light but sends no commands.")
    static let new = Flag("new", help: "Make a new token: every browser paired with the old one must pair again.")
    static let host = Option("host", value: "name", help: "The name or address the phone reaches this machine by (default: the listen address, or HOSTNAME.local when it is 0.0.0.0 or [::]).")

    static let spec = CommandSpec(
        name: "web-link", overview: "Print the link that pairs a browser with the web page ([web] listen).",
        options: [viewer.spec, new.spec, host.spec],
        discussion: """
        Open the link on the phone once: the page trades the token in it for a cookie
        (HttpOnly, SameSite=Strict) and forgets the link. The token is kept beside the
        state file (web-token, web-viewer-token; mode 0600); --new replaces it.
        """,
        drivesLight: false) { p, _ throws(UsageError) in
        .webLink(WebLinkRequest(viewer: p.isSet(viewer), renew: p.isSet(new), host: try p.value(host)))
    }
}

/// What `torch web-link` was asked for.
public struct WebLinkRequest: Sendable, Equatable {
    public var viewer: Bool
    public var renew: Bool
    public var host: String?
}
