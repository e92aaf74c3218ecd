/// Whether a start (a boot, a restart of the service) lights the LED when
/// `light-by-default` is off (`[light] at-start`), like ESPHome's `restore_mode`.
/// Brightness and pattern are remembered either way; `light-by-default = yes` lights
/// every start whatever this says.
public enum StartRule: String, CaseIterable, Equatable, Sendable {
    /// Lit if the user left it lit (the state file's lit state); dark when nothing is saved.
    case restore
    /// Always dark at start.
    case off
}
