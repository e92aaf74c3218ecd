/// What a gesture does, configurable per gesture (config `tap-action`,
/// `double-tap-action`, `long-hold-action`); raw values are the config spellings.
public enum GestureAction: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Light off → on, on → off.
    case toggle
    /// Light on (latched); nothing if already on.
    case on
    /// Light off.
    case off
    /// The next pattern of the pattern list; the light stays (or goes) on.
    case nextPattern = "next-pattern"
    /// SOS, latched on; when SOS is already running, back to the normal pattern.
    case sos
    /// Toggles stealth (the board's own status LEDs dark); the light is unchanged.
    case stealth
    /// Nothing.
    case none

    public var description: String { rawValue }
}
