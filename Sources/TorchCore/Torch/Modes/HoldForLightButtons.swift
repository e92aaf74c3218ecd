/// `button-mode = momentary` (hold-for-light only): lit exactly while the ON button is
/// held, dark at its release.
struct HoldForLightButtons: ButtonLayer {
    func handle(_ g: Gesture, at t: Instant, in m: inout TorchStateMachine) -> Bool {
        switch g.kind {
        case .press:
            m.lightWhilePressed(at: t)
            m.refreshProgram(at: t)
        case .release:
            if m.momentary {
                m.turnOff(at: t)
                m.refreshProgram(at: t)
            }
        default:
            break
        }
        return true
    }
}
