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
        let result: StateFileLoad
        do {
            result = StateFileLoad.load(contents: try AtomicFile.readFile(path), path: path, defaults: defaults)
        } catch {
            // Unreadable is not "no saved state yet": say what is wrong ("PATH: is a FIFO, …").
            result = StateFileLoad(record: defaults, warning: "\(error); using defaults")
        }
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
            let why = EchoedText.bounded("\(error)", limit: 200)
            warning = "torch: state file \(path): pattern '\(EchoedText.bounded(r.pattern))': \(why); using steady"
        }
        let mode = ButtonMode(rawValue: r.buttonMode) ?? .smart
        return PersistentState(brightness: r.brightness, pattern: pattern, buttonMode: mode, lit: r.lit)
    }
}
