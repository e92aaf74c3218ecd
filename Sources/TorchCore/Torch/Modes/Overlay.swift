/// A mode over the base mode (the light's own state: dark, lit, a pattern, lockout's
/// glow): it plays its own program until its timer or an input takes it off the stack,
/// as Anduril 2 keeps its states on a stack (`fsm/states.c`). Entering is
/// `TorchStateMachine.enter` (on the stack, then its `entered`), leaving
/// `TorchStateMachine.leave` (off the stack, then its `left`); what plays is the top's
/// program.
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
    /// A press of `button` at `t` while it is on the stack (the bottom one is asked
    /// first); true when the press is used up: the button's mode does not get it.
    func pressed(_ button: ButtonRole, at t: Instant, in machine: inout TorchStateMachine) -> Bool
    /// A command at `t` while it is on the stack, before the command acts.
    func commanded(at t: Instant, in machine: inout TorchStateMachine)
    /// Entered at `t`, now on the stack: what starts with it.
    func entered(at t: Instant, in machine: inout TorchStateMachine)
    /// Left at `t`, now off the stack: what follows it.
    func left(at t: Instant, in machine: inout TorchStateMachine)
}

extension Overlay {
    /// One with no deadline is never due.
    func timerDue(at t: Instant, in machine: inout TorchStateMachine) {}
    /// Most overlays let a press through to the button's mode.
    func pressed(_ button: ButtonRole, at t: Instant, in machine: inout TorchStateMachine) -> Bool { false }
    /// Most overlays stay through a command.
    func commanded(at t: Instant, in machine: inout TorchStateMachine) {}
    /// Most start nothing of their own.
    func entered(at t: Instant, in machine: inout TorchStateMachine) {}
    /// Most leave the base mode's program to play as it is.
    func left(at t: Instant, in machine: inout TorchStateMachine) {}
}
