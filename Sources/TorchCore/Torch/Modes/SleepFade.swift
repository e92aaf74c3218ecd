/// The light dimming to dark: the sleep timer's fade (`sleep-fade`) or the sunset
/// timer's. At its end the light is dark; a press during it brings the light back
/// (`wake`).
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
        wake(at: t, in: &machine)
        return true
    }

    /// The light comes back, latched, the sleep timer restarts, and the rest of the press
    /// that woke it is ignored.
    func wake(at t: Instant, in m: inout TorchStateMachine) {
        m.leave(SleepFade.self, at: t)
        m.enterBase(SteadyMode.self, at: t)
        m.restartSleepTimer(at: t)
        m.refreshProgram(at: t, restart: true)
        m.clicks.press = SmartButtons.Press(litFromDark: false, cancelled: true, index: 1)
    }
}
