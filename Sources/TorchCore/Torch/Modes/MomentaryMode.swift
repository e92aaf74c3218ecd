/// Momentary mode (the `momentary` action): lit exactly while held, as the hold-for-light
/// button mode; the same gesture goes back to the full UI (dark).
struct MomentaryMode: ButtonLayer {
    func handle(_ g: Gesture, at t: Instant, in m: inout TorchStateMachine) -> Bool {
        switch g {
        case let .clicksEnded(n, _) where m.activeMap.gestures(for: .momentary).contains(.clicks(n)):
            m.leave(MomentaryMode.self, at: t)
            return true
        default:
            return HoldForLightButtons().handle(g, at: t, in: &m)
        }
    }

    func entered(at t: Instant, in m: inout TorchStateMachine) {
        m.events.append(.notice("momentary mode on"))
    }

    func left(at t: Instant, in m: inout TorchStateMachine) {
        m.events.append(.notice("momentary mode off"))
    }
}
