/// The state to start from, and what to tell the user when it is not the saved one.
public struct StateFileLoad: Equatable, Sendable {
    public var record: StateRecord
    /// One line, e.g. `/var/lib/torch/state: line 2: brightness '400%' out of range;
    /// using defaults`. Nil when the file was read as saved.
    public var warning: String?

    public init(record: StateRecord, warning: String?) {
        self.record = record
        self.warning = warning
    }

    /// Decodes a state file's contents, falling back to `defaults` with a warning when
    /// the file is missing (`contents` nil) or cannot be read. Never fails: a bad state
    /// file must not keep the light from starting.
    public static func load(contents: String?, path: String, defaults: StateRecord) -> StateFileLoad {
        guard let contents else {
            return StateFileLoad(record: defaults, warning: "\(path): no saved state yet; using defaults")
        }
        do {
            return StateFileLoad(record: try StateFileFormat.decode(contents), warning: nil)
        } catch {
            return StateFileLoad(record: defaults, warning: "\(path): \(error); using defaults")
        }
    }
}
