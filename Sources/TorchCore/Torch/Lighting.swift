/// Whether the light emits and what keeps it on, as the mode stack says it
/// (`TorchStateMachine.lighting`): the base mode, dark (`OffMode`) or latched
/// (`SteadyMode`), and the light while pressed (`LightWhilePressed`) over it, so "held
/// but dark" cannot be written. The status and the state file read `lit` and
/// `momentary` (`TorchStateMachine`'s views).
///
/// The sleep fade and lockout's glow (`Lockout`) stay beside it, not cases of it: each
/// can outlive the lighting it began with (the sleep timer can run out, and its fade
/// start, while the button holds the light; a command can latch the light while
/// lockout's glow waits for its release), and folding them in would change what the
/// status says then.
public enum Lighting: Equatable, Sendable {
    /// Dark.
    case dark
    /// Lit and latched: it stays on when the button is let go (a tap, a command, a
    /// saved state restored, a wake from the sleep fade).
    case latched
    /// Lit only while the ON button is held: a press from dark before it is known to be
    /// a tap or a hold, momentary mode, lockout's glow. Not remembered as lit.
    case whileHeld

    /// True while the light emits (latched or held).
    public var isLit: Bool { self != .dark }
}
