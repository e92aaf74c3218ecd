/// A base mode that takes the ON button's gestures (smart mode's) before the modes
/// under it: lockout over momentary mode over the Simple UI over the gesture map.
/// Entering is `ModeStack.enter`, leaving `ModeStack.leave`; the top one is asked first.
protocol ButtonLayer: Sendable {
    /// Acts on the gesture `g` at `t`; false hands it to the mode below (at the bottom,
    /// the gesture map in force).
    func handle(_ g: Gesture, at t: Instant, in machine: inout TorchStateMachine) -> Bool
}
