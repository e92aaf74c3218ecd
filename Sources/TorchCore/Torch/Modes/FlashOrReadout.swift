/// A flash (Home Assistant's `"flash"`) or the readout's blink train, shown over the
/// light's state until its end or a press or command cuts it short; then the base
/// mode's program plays again from its start.
struct FlashOrReadout: Overlay {
    var program: LightProgram
    /// When it ends.
    var end: Instant

    var deadline: Instant? { end }
    static var holdsTheLight: Bool { true }

    func timerDue(at t: Instant, in machine: inout TorchStateMachine) {
        machine.leave(FlashOrReadout.self, at: t)
    }

    /// A press of either button cuts it short; the press then acts as it would.
    func pressed(_ button: ButtonRole, at t: Instant, in machine: inout TorchStateMachine) -> Bool {
        machine.leave(FlashOrReadout.self, at: t)
        return false
    }

    /// A command cuts it short.
    func commanded(at t: Instant, in machine: inout TorchStateMachine) {
        machine.leave(FlashOrReadout.self, at: t)
    }

    /// The light's own state shows again, its pattern from the start.
    func left(at t: Instant, in machine: inout TorchStateMachine) {
        machine.refreshProgram(at: t, restart: true)
    }
}
