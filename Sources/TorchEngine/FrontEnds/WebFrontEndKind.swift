import TorchCore
import TorchHardware

/// The web page, started from `[web]`: off without `listen`.
public struct WebFrontEndKind: FrontEndKind {
    public typealias Section = WebSection

    public init() {}

    public func start(_ web: WebSection.Settings, _ shell: FrontEndShell) throws(FrontEndStartFailure) -> (any FrontEnd)? {
        guard let listen = web.listen else { return nil }
        // A page that cannot listen (the port taken, the network closed) is one line.
        do { return WebFrontEnd(try WebServer(settings: Self.settings(listen, web, shell), log: shell.log)) } catch {
            throw FrontEndStartFailure("[web] listen: \(error); no web page")
        }
    }

    /// `[web]` as the server takes it: the token files beside the state file.
    static func settings(_ listen: WebListenAddress, _ web: WebSection.Settings, _ shell: FrontEndShell) -> WebServerSettings {
        var settings = WebServerSettings(
            listen: listen,
            allowedHosts: WebServerSettings.allowedHosts(listen: listen, hostName: shell.hostName, extra: web.hosts),
            pairingRequired: web.pairing == .required || !listen.isLoopback,
            tokenFiles: WebTokenFiles(stateFile: shell.statePath))
        // Unpaired control on loopback follows the control socket's own permissions.
        settings.controlSocketPath = shell.controlSocketPath
        return settings
    }
}
