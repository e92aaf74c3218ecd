/// `button-mode = long-press` (the seed's lock-screen mode): a tap does nothing; held
/// past the hold time the light toggles at that moment.
struct LongPressButtons: ButtonLayer {
    func handle(_ g: Gesture, at t: Instant, in m: inout TorchStateMachine) -> Bool {
        guard g.kind == .holdStart else { return true }
        if m.lit { m.stopEverything(at: t) } else { m.turnOn(at: t) }
        m.refreshProgram(at: t)
        return true
    }
}
