/// `button-mode = toggle` (a click switch): each press of the ON button toggles the light.
struct ToggleButtons: ButtonLayer {
    func handle(_ g: Gesture, at t: Instant, in m: inout TorchStateMachine) -> Bool {
        guard g.kind == .press else { return true }
        m.toggle(at: t)
        return true
    }
}
