import TorchCore
import TorchHardware

/// Reads the config file: `--config FILE`, else /etc/torch/torch.conf when it exists,
/// else the built-in defaults.
enum ConfigLoader {
    enum Failure: Error {
        /// Errors in the file, each `file:line: message` (exit 78).
        case invalid([String])
        /// The file could not be read (exit 78 too: the configuration is unusable).
        case unreadable(String)
    }

    static func load(_ explicitPath: String?) throws(Failure) -> (TorchConfig, path: String?) {
        let path = explicitPath ?? (Paths.fileExists(Paths.systemConfig) ? Paths.systemConfig : nil)
        guard let path else { return (.defaults, nil) }
        let text: String?
        do { text = try AtomicFile.readFile(path) } catch {
            // The error names the path: "PATH: is a FIFO, not a regular file".
            throw .unreadable("torch: config file \(error)")
        }
        guard let text else { throw .unreadable("torch: config file \(path) does not exist") }
        do {
            return (try TorchConfig.parse(text, file: path, frontEnds: FrontEndKinds.sections), path)
        } catch {
            throw .invalid(error.lines)
        }
    }
}
