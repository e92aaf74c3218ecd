/// A flash (Home Assistant's `"flash"`) or the readout's blink train, shown over the
/// light's state until its end or a press or command cuts it short; then the base
/// mode's program plays again from its start (`TorchStateMachine.endReadout`).
struct FlashOrReadout: Overlay {
    var program: LightProgram
    /// When it ends.
    var end: Instant

    var deadline: Instant? { end }
    static var holdsTheLight: Bool { true }

    func timerDue(at t: Instant, in machine: inout TorchStateMachine) {
        machine.endReadout(at: t)
    }

    /// A press of either button cuts it short; the press then acts as it would.
    func pressed(_ button: ButtonRole, at t: Instant, in machine: inout TorchStateMachine) -> Bool {
        machine.endReadout(at: t)
        return false
    }

    /// A command cuts it short.
    func commanded(at t: Instant, in machine: inout TorchStateMachine) {
        machine.endReadout(at: t)
    }
}
