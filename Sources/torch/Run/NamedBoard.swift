import TorchCore
import TorchHardware

/// The board a one-shot command (`boot-line`, `wiring`) works on: `name` (`auto`
/// detects it) from the installed board files. Every failure is one line on stderr,
/// naming `source` (the config key or the option the name came from); nil then.
enum NamedBoard {
    /// - Parameters:
    ///   - command: the subcommand, for the "not recognised" line.
    ///   - fix: what the user can do when the board is not recognised, before the ids.
    static func resolve(_ name: String, source: String, command: String, fix: String) -> BoardProfile? {
        let catalog: BoardCatalog
        do { (catalog, _) = try BoardFiles.loadCatalog() } catch {
            StandardError.write("torch: \(error)\n")
            return nil
        }
        do {
            guard let found = try BoardDetection.resolve(name: name, catalog: catalog,
                                                         machine: MachineProbe().snapshot(lines: false)) else {
                StandardError.write("torch: \(command): this board is not recognised: \(fix) \(catalog.ids.joined(separator: ", "))\n")
                return nil
            }
            return found
        } catch {
            StandardError.write("torch: \(source): \(error)\n")
            return nil
        }
    }
}
