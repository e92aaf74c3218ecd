/// The light's own state at the bottom of the mode stack, with the program it plays:
/// dark (`OffMode`) or lit and latched (`SteadyMode`). The overlays play over it; the
/// light while pressed (`LightWhilePressed`) lights over a dark one until the button
/// lets go or the gesture is known. Entering one is `ModeStack.enterBase`, which keeps
/// what plays until `TorchStateMachine.refreshProgram` brings it in line.
protocol BaseMode: Sendable {
    /// What it plays, kept in line by `refreshProgram`; after an overlay that held the
    /// light, what the light showed then (where its next program starts from).
    var program: LightProgram { get set }
    /// True when the light emits in it.
    static var lit: Bool { get }
    /// The timeline it plays in `machine`'s state now.
    static func timeline(in machine: TorchStateMachine) -> Timeline
    init(program: LightProgram)
}
