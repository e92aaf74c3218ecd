import TorchCore
import TorchHardware

/// The state file as the CLI uses it: load with a one-line warning on trouble, save
/// atomically (creating its directory).
final class StateStore {
    let path: String
    private let defaults: StateRecord
    private(set) var warning: String?
    private var cached: StateRecord?

    init(path: String, config: TorchConfig) {
        self.path = path
        defaults = StateRecord(brightness: config.light.brightness, pattern: "steady",
                               buttonMode: config.button.mode.rawValue, lit: false)
    }

    func load() -> StateRecord {
        if let cached { return cached }
        var contents: String? = nil
        do { contents = try AtomicFile.readFile(path) } catch { warning = "torch: state file: \(error); using defaults" }
        let result = StateFileLoad.load(contents: contents, path: path, defaults: defaults)
        if let w = result.warning { warning = "torch: " + w }
        cached = result.record
        return result.record
    }

    func save(_ r: StateRecord) {
        makeParentDirectories(of: path)
        do { try AtomicFile.write(StateFileFormat.encode(r), to: path) } catch {
            writeAll(2, "torch: state file: \(error)\n")
        }
        cached = r
    }

    /// The saved state as the state machine takes it; an unreadable pattern or mode in an
    /// otherwise good file falls back to the defaults (with a warning).
    func persistent(library: PatternLibrary) -> PersistentState? {
        // No state file yet (a first boot): nothing to restore, so light-by-default decides.
        guard Paths.fileExists(path) else {
            _ = load()  // sets the one-line "no saved state yet" warning
            return nil
        }
        let r = load()
        var pattern = Pattern.steady
        do { pattern = try Pattern.parseCanonical(r.pattern) } catch {
            warning = "torch: state file \(path): pattern '\(r.pattern)': \(error); using steady"
        }
        let mode = ButtonMode(rawValue: r.buttonMode) ?? .smart
        return PersistentState(brightness: r.brightness, pattern: pattern, buttonMode: mode, lit: r.lit)
    }
}
