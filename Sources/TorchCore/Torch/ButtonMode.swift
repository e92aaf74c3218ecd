/// How the ON button behaves (config `button-mode`).
public enum ButtonMode: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The composite switch: a press lights at once, a tap latches, a hold is
    /// hold-for-light, hold while lit ramps brightness, double tap and long hold run their
    /// actions. The default.
    case smart
    /// A click switch: each press toggles the light.
    case toggle
    /// Hold-for-light only: lit exactly while pressed (config `hold-for-light = yes`).
    case momentary
    /// The seed's lock-screen mode: a tap does nothing; a press held past the hold time
    /// toggles the light at that moment (not at release); the feedback line pulses at
    /// touch-down.
    case longPress = "long-press"

    public var description: String { rawValue }
}
