/// The light dimming to dark: the sleep timer's fade (`sleep-fade`) or the sunset
/// timer's. At its end the light is dark; a press during it brings the light back
/// (`TorchStateMachine.wakeFromFade`).
struct SleepFade: Overlay {
    /// The fade, from the level shown to dark.
    var program: LightProgram
    /// When it ends.
    var end: Instant

    var deadline: Instant? { end }
    static var holdsTheLight: Bool { true }

    func timerDue(at t: Instant, in machine: inout TorchStateMachine) {
        machine.leave(SleepFade.self, at: t)
        machine.turnOff(at: t)
        machine.refreshProgram(at: t)
    }

    /// A press of the ON button brings the light back; the rest of that press is ignored.
    func pressed(_ button: ButtonRole, at t: Instant, in machine: inout TorchStateMachine) -> Bool {
        guard button == .on else { return false }
        machine.wakeFromFade(at: t)
        return true
    }
}
