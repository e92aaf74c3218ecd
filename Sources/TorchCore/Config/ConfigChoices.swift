// The config's names for choices, spelled as in the file. Button modes and gesture
// actions are the state machine's types, the backend is `BackendRequest`; the rest are
// mapped by the engine.

extension TorchConfig {
    /// How the ON button behaves (`[button] mode`): the state machine's own type, so the
    /// file's spelling and the engine's can never drift apart.
    public typealias ButtonMode = TorchCore.ButtonMode

    /// What a gesture does (`on-tap`, `on-double-tap`, `on-long-hold`).
    public typealias GestureAction = TorchCore.GestureAction
    public typealias MemoryRule = TorchCore.MemoryRule

    /// The input line's internal resistor (`[button] bias`).
    public enum LineBias: String, CaseIterable, Equatable, Sendable {
        case pullUp = "pull-up"
        case pullDown = "pull-down"
        case disabled
    }
}
