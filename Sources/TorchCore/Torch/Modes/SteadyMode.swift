/// Lit and latched: it stays on when the button is let go (a tap, a command, a saved
/// state restored, a wake from the sleep fade). It plays the chosen pattern, steady or
/// not (SOS while one runs), at the level shown.
struct SteadyMode: BaseMode {
    var program: LightProgram
    static var lit: Bool { true }

    /// Lockout's glow is steady whatever the pattern (at the floor: `shownBrightness`).
    static func timeline(in m: TorchStateMachine) -> Timeline {
        m.lockout == .glowing ? Pattern.steady.timeline() : m.playedTimeline(m.currentPattern)
    }
}
