/// A level transition (`[light] transition`, or a command's `--transition`): a fade
/// from the level shown to the base mode's new program, which starts at its end.
struct LevelTransition: Overlay {
    /// The fade.
    var program: LightProgram
    /// When the fade ends and the base mode's program starts.
    var end: Instant

    var deadline: Instant? { end }
    static var holdsTheLight: Bool { false }

    func timerDue(at t: Instant, in machine: inout TorchStateMachine) {
        machine.leave(LevelTransition.self, at: t)
    }
}
