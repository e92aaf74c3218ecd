/// The sunset timer being set: the button is still held; an acknowledgement blink
/// every `TorchStateMachine.sunsetBlinkInterval` adds a step. The release turns it
/// into the sunset's fade (`TorchStateMachine.endSunsetSetup`).
struct SunsetSetup: Overlay {
    /// Steps added so far (one per acknowledgement blink).
    var steps: Int
    /// The next acknowledgement blink.
    var nextBlink: Instant
    /// The last acknowledgement blink, then the chosen level, steady.
    var program: LightProgram

    var deadline: Instant? { nextBlink }
    static var holdsTheLight: Bool { true }

    func timerDue(at t: Instant, in machine: inout TorchStateMachine) {
        machine.sunsetBlink(at: t)
    }
}
