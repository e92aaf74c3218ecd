/// `button-mode = long-press` (the seed's lock-screen mode): a tap does nothing; held
/// past the hold time the light toggles at that moment.
struct LongPressButtons: ButtonLayer {
    func handle(_ g: Gesture, at t: Instant, in m: inout TorchStateMachine) -> Bool {
        guard g.kind == .holdStart else { return true }
        m.toggle(at: t)
        return true
    }
}
