/// A mode over the base mode (the light's own state: dark, lit, a pattern, lockout's
/// glow): it plays its own program until its timer or an input takes it off the stack,
/// as Anduril 2 keeps its states on a stack (`fsm/states.c`). Entering is pushing it
/// (`ModeStack.push`), leaving is `ModeStack.remove`; what plays is the top's program.
protocol Overlay: Sendable {
    /// The program it plays while on top.
    var program: LightProgram { get set }
    /// When its timer is due; nil when only an input ends it.
    var deadline: Instant? { get }
    /// True when the base mode's changes wait under it until it leaves (the fades, the
    /// sunset timer being set, a flash or readout): a level transition gives way to it,
    /// and when it leaves, its program is where the base mode's next one starts from.
    static var holdsTheLight: Bool { get }
    /// Its deadline came, at `t`: it moves on or leaves the stack.
    func timerDue(at t: Instant, in machine: inout TorchStateMachine)
}
