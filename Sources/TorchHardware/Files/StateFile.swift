import TorchCore

/// The state file: the one owner of reading and writing the saved state. Reads go
/// through the non-blocking regular-file reader (a FIFO, a device or a symbolic link is
/// refused in one line, a link's target never opened); writes are atomic, create the
/// directory and refuse a symbolic link too.
public final class StateFile {
    public let path: String
    private var loaded: StateFileLoad?

    public init(path: String) {
        self.path = path
    }

    /// The saved state; nil when there is none or it cannot be used (see `warning`).
    /// Read once, then remembered along with what this process saved since.
    public func load() -> PersistentState? {
        if let loaded { return loaded.state }
        let result: StateFileLoad
        do {
            result = StateFileLoad.load(contents: try AtomicFile.readFile(path, refusingLinks: true), path: path)
        } catch {
            // Unreadable is not "no saved state yet": say what is wrong ("PATH: is a FIFO, …").
            result = StateFileLoad(state: nil, warning: "\(error); using defaults")
        }
        loaded = result
        return result.state
    }

    /// Why the saved state is not used, one line ("torch: " first); nil when it is.
    public var warning: String? {
        _ = load()
        return loaded?.warning.map { "torch: " + $0 }
    }

    /// Writes `state` atomically; the error as one line on failure.
    public func save(_ state: PersistentState) throws(HardwareError) {
        makeParentDirectories(of: path)
        try AtomicFile.write(StateFileFormat.encode(state), to: path, refusingLinks: true)
        loaded = StateFileLoad(state: state, warning: loaded?.warning)
    }
}
