/// `button-mode = toggle` (a click switch): each press of the ON button toggles the light.
struct ToggleButtons: ButtonLayer {
    func handle(_ g: Gesture, at t: Instant, in m: inout TorchStateMachine) -> Bool {
        guard g.kind == .press else { return true }
        if m.lit { m.stopEverything(at: t) } else { m.turnOn(at: t) }
        m.refreshProgram(at: t)
        return true
    }
}
