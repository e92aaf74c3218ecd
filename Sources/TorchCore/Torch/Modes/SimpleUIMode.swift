/// The Simple UI: a capped level (`simple-ui-ceiling`) and a small gesture set (1c, 2c,
/// 1h and the gestures that lock or leave it; `TorchStateMachine.activeMap`). The
/// gestures themselves go on to the gesture map below it.
struct SimpleUIMode: ButtonLayer {
    func handle(_ g: Gesture, at t: Instant, in m: inout TorchStateMachine) -> Bool { false }

    func entered(at t: Instant, in m: inout TorchStateMachine) {
        m.events.append(.notice("simple UI on"))
    }

    func left(at t: Instant, in m: inout TorchStateMachine) {
        m.events.append(.notice("simple UI off"))
    }
}
