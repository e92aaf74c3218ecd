/// A mode that takes the ON button's gestures: at the bottom the button mode's own
/// (`ButtonMode.layer`: smart, toggle, hold-for-light, long-press), and in smart mode,
/// over its gesture map, the modes a gesture enters: lockout over momentary mode over the
/// Simple UI. Entering one of those is `TorchStateMachine.enter(_:at:)` (on, then its
/// `entered`), leaving `TorchStateMachine.leave(_:at:)`; the top one is asked first.
protocol ButtonLayer: Sendable {
    /// Acts on the gesture `g` at `t`; false hands it to the mode below (at the bottom,
    /// smart mode's gesture map in force).
    func handle(_ g: Gesture, at t: Instant, in machine: inout TorchStateMachine) -> Bool
    /// Entered at `t`, now on: what starts with it (its notice).
    func entered(at t: Instant, in machine: inout TorchStateMachine)
    /// Left at `t`, now off: what follows it.
    func left(at t: Instant, in machine: inout TorchStateMachine)
}

extension ButtonLayer {
    /// Most start nothing of their own.
    func entered(at t: Instant, in machine: inout TorchStateMachine) {}
    /// Most leave nothing behind.
    func left(at t: Instant, in machine: inout TorchStateMachine) {}
}
