/// The state machine's own command: what the controller hands `TorchStateMachine`. No
/// front end builds one: each gives the controller a `ControlRequest` of
/// `ControlCommand`s, which the controller turns into these
/// (`ControlCommand.torchCommand(library:)`).
public enum TorchCommand: Equatable, Sendable {
    /// Light on, latched, optionally at a new brightness.
    case on(Brightness?)
    /// Dark; SOS, ramps, the sleep fade and the sleep timer stop.
    case off
    /// On when dark, off when lit.
    case toggle
    /// Switches to the pattern at once (from its start) and lights it.
    case setPattern(Pattern)
    /// Chooses the pattern without lighting: a lit torch switches to it at once (from
    /// its start), a dark one plays it at its next light (the seed's mode buttons).
    case choosePattern(Pattern)
    /// Changes the brightness without changing lit/dark or restarting the pattern.
    case setBrightness(Brightness)
    /// The next pattern of the pattern list, lit.
    case nextPattern
    /// Stealth on or off (the board's own status LEDs dark).
    case stealth(Bool)
    /// Run-time settings over the config's (light-by-default, hold-for-light, sleep
    /// timer), merged with those already changed and remembered.
    case settings(UserSettings)
}
