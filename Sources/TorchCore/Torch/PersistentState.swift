/// What survives a restart: the one saved-state type. The controller says when to save
/// it, `StateFileFormat` is its text, `StateFile` (TorchHardware) reads and writes it.
public struct PersistentState: Equatable, Sendable {
    /// The last brightness.
    public var brightness: Brightness
    /// The last chosen pattern (a running SOS is not saved: it is an emergency, not a choice).
    public var pattern: Pattern
    /// The button mode in force.
    public var buttonMode: ButtonMode
    /// True when the light was latched on (a light only held by the button is not saved as lit).
    public var lit: Bool
    /// Settings changed at run time over the config's (the web page's settings screen).
    public var settings: UserSettings
    /// The board's status LEDs kept dark (stealth), restored as such at start.
    public var stealth: Bool

    public init(brightness: Brightness = .full, pattern: Pattern = .steady, buttonMode: ButtonMode = .smart, lit: Bool = false,
                settings: UserSettings = UserSettings(), stealth: Bool = false) {
        self.brightness = brightness
        self.pattern = pattern
        self.buttonMode = buttonMode
        self.lit = lit
        self.settings = settings
        self.stealth = stealth
    }
}
