/// Whether the ON button is locked out, and whether lockout's glow is lit: one value
/// where two flags (locked, and glowing while held) had to agree, so "glowing but not
/// locked" cannot be written. The glow is the only light a locked button gives: the
/// floor level, steady, while the button is held.
///
/// Beside it, not folded in:
/// - `Lighting`: a command can latch the light while the glow waits for its release
///   (the release still puts it out), so glowing does not say how the light is held.
/// - Momentary mode: auto-lock can lock the button while momentary mode is on, and
///   unlocking goes back to it, so the two are layers, not cases of one mode.
public enum Lockout: Equatable, Sendable {
    /// The button does what its mode and gesture map say.
    case unlocked
    /// Locked, dark until a press (the lockout gesture, or `auto-lock` after the light
    /// went dark).
    case locked
    /// Locked and held: lit at the floor until the release (or the unlock gesture).
    case glowing

    /// True while the button is locked out, glowing or not.
    public var isLocked: Bool { self != .unlocked }
}
