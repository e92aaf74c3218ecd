/// What `torch status` shows.
public struct TorchStatus: Equatable, Sendable {
    /// True while the light emits (latched, held by the button, or fading out).
    public var lit: Bool
    /// True when lit only for as long as the button is held (the status's `lit_while_held`).
    public var litWhileHeld: Bool
    /// The level the light shows: the brightness, under the Simple UI's cap.
    public var brightness: Brightness
    /// The pattern playing (SOS while an SOS runs).
    public var pattern: Pattern
    public var buttonMode: ButtonMode
    public var stealth: Bool
    /// Time left before the sleep timer turns the light off; nil when it is not running.
    public var sleepRemaining: Duration?
    /// True during the sleep timer's fade-out.
    public var fading: Bool
    /// Lit at every start (the config's `light-by-default`, or as changed at run time).
    public var lightByDefault: Bool
    /// The sleep timer's length; nil when off.
    public var sleepTimer: Duration?
    /// A button is held past `[button] stuck-after`: taken as released until its line
    /// reads released (a stuck or shorted button).
    public var buttonStuck = false
    /// Lockout is on (its gesture, 4 clicks by default): the button gives only the floor's
    /// glow while held until the unlock gesture.
    public var lockedOut = false
    /// True while a light sensor reads the lit LED dark (`DarkLEDWatch`); nil when no
    /// sensor watches it.
    public var ledDark: Bool? = nil

    public init(lit: Bool, litWhileHeld: Bool, brightness: Brightness, pattern: Pattern, buttonMode: ButtonMode,
                stealth: Bool, sleepRemaining: Duration?, fading: Bool, lightByDefault: Bool = false,
                sleepTimer: Duration? = nil) {
        self.lightByDefault = lightByDefault
        self.sleepTimer = sleepTimer
        self.lit = lit
        self.litWhileHeld = litWhileHeld
        self.brightness = brightness
        self.pattern = pattern
        self.buttonMode = buttonMode
        self.stealth = stealth
        self.sleepRemaining = sleepRemaining
        self.fading = fading
    }
}

extension TorchStatus {
    /// The status of a torch no service is running: the saved state, with nothing
    /// momentary, no sleep timer, no fade and the status LEDs as the system left them.
    public init(resting saved: PersistentState) {
        self.init(lit: saved.lit, litWhileHeld: false, brightness: saved.brightness, pattern: saved.pattern,
                  buttonMode: saved.buttonMode, stealth: false, sleepRemaining: nil, fading: false,
                  lightByDefault: saved.settings.lightByDefault ?? false)
    }
}
