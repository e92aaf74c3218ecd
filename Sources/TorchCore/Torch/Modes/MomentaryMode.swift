/// Momentary mode (the `momentary` action): lit exactly while held; the same gesture
/// goes back to the full UI (dark).
struct MomentaryMode: ButtonLayer {
    func handle(_ g: Gesture, at t: Instant, in m: inout TorchStateMachine) -> Bool {
        switch g {
        case let .clicksEnded(n, _) where m.activeMap.gestures(for: .momentary).contains(.clicks(n)):
            m.modes.leave(MomentaryMode.self)
            m.events.append(.notice("momentary mode off"))
        default:
            m.momentaryMode(g.kind, at: t)
        }
        return true
    }
}
