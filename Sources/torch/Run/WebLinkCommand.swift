import TorchCLI
import TorchCore
import TorchHardware

/// `torch web-link`: makes the token if needed and prints the pairing link on stdout
/// (what to do with it on stderr).
enum WebLinkCommand {
    static func run(_ request: WebLinkRequest, config: TorchConfig, statePath: String) -> Int32 {
        guard let listen = config.web.listen else {
            StandardError.write("torch: web-link: the web page is off: set [web] listen (e.g. listen = 0.0.0.0:8080) and restart torch\n")
            return ExitCode.failure
        }
        let path = request.viewer ? WebTokenFile.viewerPath(stateFile: statePath) : WebTokenFile.controlPath(stateFile: statePath)
        let token: String
        do { token = try WebTokenFile.ensure(path, renew: request.renew) } catch {
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
        StandardOutput.write("http://\(host):\(listen.port)/#pair=\(token)\n")
        let what = request.viewer ? "a read-only view" : "control of the light"
        StandardError.write("Open this link once on the phone: it pairs that browser (\(what)). Keep it private; 'torch web-link\(request.viewer ? " --viewer" : "") --new' revokes it.\n")
        if listen.isLoopback && config.web.pairing == .auto {
            StandardError.write("note: [web] listen is \(listen), reachable only from this machine, where no pairing is needed\n")
        }
        return ExitCode.ok
    }
}
