/// The light while pressed: lit only while the ON button is held — a press from dark
/// before it is known to be a tap or a hold (smart mode), momentary mode, lockout's glow.
/// It sits under the other overlays, over the light's own state, and plays what that
/// state plays lit: `refreshProgram` keeps its program as it keeps the base mode's.
/// The release, the gesture's action (on the state under it) or a command takes it off
/// (`TorchStateMachine.enterBase`); the status reads it as `momentary`, and the state
/// file never keeps it as lit.
struct LightWhilePressed: Overlay {
    /// What the light plays while held.
    var program: LightProgram

    var deadline: Instant? { nil }
    static var holdsTheLight: Bool { false }

    /// The sleep timer starts with a light the user turned on; lockout's glow (the floor
    /// while held, entered with the glow already on) runs none.
    func entered(at t: Instant, in machine: inout TorchStateMachine) {
        guard machine.lockout != .glowing else { return }
        machine.restartSleepTimer(at: t)
    }
}
