import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// `torch web-link`: the pairing link for one phone (the token travels in the URL's
/// fragment, which browsers never send to a server or put in a Referer): mints the
/// phone's token and prints its link on stdout (what to do with it on stderr); `--list`
/// lists the phones, `--revoke NAME` revokes one. The running service sees the change at
/// its next request (`WebTokenCache`).
enum WebLinkCommand {
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
        return .local(request)
    }

    @Sendable static func phoneName(_ text: String) throws(ValueError) -> String {
        guard WebPhone.isWellFormedName(text) else { throw ValueError(value: text, allowed: WebPhone.nameRule) }
        return text
    }

    /// One line per phone: name, access, when its link was minted; never its token.
    static func list(_ table: WebTokenTable) -> Int32 {
        guard !table.phones.isEmpty else {
            StandardError.write("No phone is paired: 'torch web-link' makes a link for one.\n")
            return ExitCode.ok
        }
        let width = max(4, table.phones.map(\.name.count).max() ?? 0)
        func padded(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        StandardOutput.write(padded("NAME", width) + "  ACCESS   MINTED\n")
        for p in table.phones {
            let minted = p.mintedAt.map { UTCDate.text(unixSeconds: $0) } ?? "unknown (a link from before names)"
            StandardOutput.write(padded(p.name, width) + "  " + padded(p.access.rawValue, 7) + "  " + minted + "\n")
        }
        return ExitCode.ok
    }

    static func revoke(_ name: String, from table: inout WebTokenTable, _ files: WebTokenFiles) -> Int32 {
        guard saving(&table, files, option: "--revoke", { try $0.revoke(named: name) }) != nil else { return ExitCode.failure }
        StandardError.write("Revoked '\(name)': its link and its pages' sessions stop working now; other phones keep theirs.\n")
        return ExitCode.ok
    }

    static func mint(_ request: WebLinkRequest, into table: inout WebTokenTable, _ files: WebTokenFiles, config: TorchConfig) -> Int32 {
        guard let listen = config[WebSection.self].listen else {
            StandardError.write("torch: web-link: the web page is off: set [web] listen (e.g. listen = 0.0.0.0:8080) and restart torch\n")
            return ExitCode.failure
        }
        let revoked = request.renew ? table.phones.count : 0
        if request.renew { table.revokeAll() }
        let minted = saving(&table, files, option: "--name") { table in
            let phone = WebPhone(name: request.name ?? table.defaultName(), access: request.viewer ? .view : .control,
                                 mintedAt: SystemWallClock().unixNanoseconds() / 1_000_000_000, token: try RandomToken.make())
            try table.mint(phone)
            return phone
        }
        guard let phone = minted else { return ExitCode.failure }
        let host: String
        if let h = request.host {
            host = h.contains(":") && !h.hasPrefix("[") ? "[\(h)]" : h
        } else if listen.isWildcard {
            host = (HostName.current() ?? "localhost") + ".local"
        } else {
            host = listen.urlHost
        }
        StandardOutput.write("http://\(host):\(listen.port)/#pair=\(phone.token)\n")
        if revoked > 0 { StandardError.write("Revoked every phone paired before (\(revoked)).\n") }
        let what = request.viewer ? "a read-only view" : "control of the light"
        StandardError.write("Open this link once on the phone '\(phone.name)': it pairs that browser (\(what)). "
                            + "Keep it private; 'torch web-link --revoke \(phone.name)' revokes it.\n")
        if listen.isLoopback && config[WebSection.self].pairing == .auto {
            StandardError.write("note: [web] listen is \(listen), reachable only from this machine, where no pairing is needed\n")
        }
        return ExitCode.ok
    }

    /// Makes `change` to the phones and saves them. Nil when either fails, after one line
    /// (naming `option` when the table refused the change).
    static func saving<T>(_ table: inout WebTokenTable, _ files: WebTokenFiles, option: String,
                          _ change: (inout WebTokenTable) throws -> T) -> T? {
        do {
            let result = try change(&table)
            try files.save(table)
            return result
        } catch let error as WebTokenError {
            StandardError.write("torch: web-link: \(option): \(error)\n")
        } catch {
            StandardError.write("torch: web-link: \(error)\n")
        }
        return nil
    }
}

/// What `torch web-link` was asked for.
struct WebLinkRequest: LocalCommand, Equatable {
    /// The new link is read-only.
    var viewer: Bool
    /// `--new`: revoke every phone before making the link.
    var renew: Bool
    var host: String?
    /// The new phone's name; nil: `phone-N`.
    var name: String?
    /// `--list`: list the phones, make nothing.
    var list: Bool = false
    /// `--revoke NAME`: the phone to revoke, make nothing.
    var revoke: String?

    func run(_ context: LocalContext) -> Int32 {
        let files = WebTokenFiles(stateFile: context.statePath)
        var table: WebTokenTable
        do { table = try files.load() } catch {
            StandardError.write("torch: web-link: \(error)\n")
            return ExitCode.failure
        }
        if list { return WebLinkCommand.list(table) }
        if let name = revoke { return WebLinkCommand.revoke(name, from: &table, files) }
        return WebLinkCommand.mint(self, into: &table, files, config: context.config)
    }
}
