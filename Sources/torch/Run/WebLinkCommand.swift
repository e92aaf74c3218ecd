import TorchCLI
import TorchCore
import TorchHardware

/// `torch web-link`: mints a phone's token and prints its pairing link on stdout (what
/// to do with it on stderr); `--list` lists the phones, `--revoke NAME` revokes one.
/// The running service sees the change at its next request (`WebTokenCache`).
enum WebLinkCommand {
    static func run(_ request: WebLinkRequest, config: TorchConfig, statePath: String) -> Int32 {
        let files = WebTokenFiles(stateFile: statePath)
        var table: WebTokenTable
        do { table = try files.load() } catch {
            StandardError.write("torch: web-link: \(error)\n")
            return ExitCode.failure
        }
        if request.list { return list(table) }
        if let name = request.revoke { return revoke(name, from: &table, files) }
        return mint(request, into: &table, files, config: config)
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
        do {
            try table.revoke(named: name)
            try files.save(table)
        } catch let error as WebTokenError {
            StandardError.write("torch: web-link: --revoke: \(error)\n")
            return ExitCode.failure
        } catch {
            StandardError.write("torch: web-link: \(error)\n")
            return ExitCode.failure
        }
        StandardError.write("Revoked '\(name)': its link and its pages' sessions stop working now; other phones keep theirs.\n")
        return ExitCode.ok
    }

    static func mint(_ request: WebLinkRequest, into table: inout WebTokenTable, _ files: WebTokenFiles, config: TorchConfig) -> Int32 {
        guard let listen = config.web.listen else {
            StandardError.write("torch: web-link: the web page is off: set [web] listen (e.g. listen = 0.0.0.0:8080) and restart torch\n")
            return ExitCode.failure
        }
        let revoked = request.renew ? table.phones.count : 0
        if request.renew { table.revokeAll() }
        let phone: WebPhone
        do {
            phone = WebPhone(name: request.name ?? table.defaultName(), access: request.viewer ? .view : .control,
                             mintedAt: RealtimeClock.nowNanoseconds() / 1_000_000_000, token: try RandomToken.make())
            try table.mint(phone)
            try files.save(table)
        } catch let error as WebTokenError {
            StandardError.write("torch: web-link: --name: \(error)\n")
            return ExitCode.failure
        } catch {
            StandardError.write("torch: web-link: \(error)\n")
            return ExitCode.failure
        }
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
        if listen.isLoopback && config.web.pairing == .auto {
            StandardError.write("note: [web] listen is \(listen), reachable only from this machine, where no pairing is needed\n")
        }
        return ExitCode.ok
    }
}
