/// What a gesture does, configurable per gesture (`[gestures]`, and `[button] on-tap`,
/// `on-double-tap`, `on-long-hold`); raw values are the config spellings.
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
    /// Lockout: dark, and the button only gives the lowest level while held; the same
    /// gesture unlocks (and lights).
    case lockout
    /// Momentary mode: dark, and lit exactly while the button is held; the same gesture
    /// goes back.
    case momentary
    /// Lit at the ceiling (`[light] ceiling`; the Simple UI's cap in Simple UI): turbo.
    case ceiling
    /// Lit at the floor (`[light] floor`): the lowest level.
    case floor
    /// The hold of smart mode (`1h` only): light while held from dark, brightness ramp
    /// while lit.
    case ramp
    /// Sunset timer (a hold gesture): lit; each acknowledgement blink while held adds a
    /// step (`[button] sunset-step`); after the release the light dims to dark over the
    /// timer.
    case sunsetTimer = "sunset-timer"
    /// Saves the brightness now as the manual memory level (`[light] memory`).
    case memory
    /// Blinks a number out once (`[button] readout`: the IP address's last part, the CPU
    /// temperature, the version or a number), then the light is as it was.
    case readout
    /// Switches between the Simple UI (capped level, a few gestures) and the full one.
    case simpleUI = "simple-ui"
    /// Nothing.
    case none

    public var description: String { rawValue }
}
