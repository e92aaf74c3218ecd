/// The saved state to start from, and what to tell the user when there is none to use.
public struct StateFileLoad: Equatable, Sendable {
    /// The saved state; nil when there is none (a first start) or it cannot be used
    /// (then the config's values apply and `warning` says why).
    public var state: PersistentState?
    /// One line, e.g. `/var/lib/torch/state: line 2: brightness '400%' out of range;
    /// using defaults`. Nil when the file was read as saved.
    public var warning: String?

    public init(state: PersistentState?, warning: String?) {
        self.state = state
        self.warning = warning
    }

    /// Decodes a state file's contents (nil: the file is missing). Never fails: a bad
    /// state file must not keep the light from starting, so it is set aside with a warning.
    public static func load(contents: String?, path: String) -> StateFileLoad {
        guard let contents else {
            return StateFileLoad(state: nil, warning: "\(path): no saved state yet; using defaults")
        }
        do {
            return StateFileLoad(state: try StateFileFormat.decode(contents), warning: nil)
        } catch {
            return StateFileLoad(state: nil, warning: "\(path): \(error); using defaults")
        }
    }
}
