import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

extension FrontEndShell {
    /// What this process gives the front end kinds: the config's paths and patterns,
    /// the host name, the board's model and torch's version.
    static func of(_ config: TorchConfig, statePath: String, log: @escaping (LogPriority, String) -> Void) -> FrontEndShell {
        FrontEndShell(log: log, statePath: statePath, controlSocketPath: ServiceLink.socketPath(config),
                      hostName: HostName.current(), patterns: config.light.patterns,
                      boardModel: { boardModel(config) }, softwareVersion: TorchVersion.text)
    }

    /// The board profile's name ("Raspberry Pi 5"), or what the machine says it is.
    static func boardModel(_ config: TorchConfig) -> String {
        let machine = MachineProbe().snapshot(lines: false)
        if let (catalog, _) = try? BoardFiles.loadCatalog(),
           let board = try? BoardDetection.resolve(name: config.board.name, catalog: catalog, machine: machine) {
            return board.name
        }
        return machine.model ?? "unknown board"
    }
}
