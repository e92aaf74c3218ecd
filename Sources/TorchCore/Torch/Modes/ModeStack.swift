/// The base mode and the overlays over it, the top one last: what plays is derived from
/// the top (`program`), so setting the stack is setting the program. The base modes
/// that take the button's gestures (`layers`) are beside them.
struct ModeStack: Sendable {
    /// The light's own state: dark or latched, with what it plays.
    private(set) var base: any BaseMode
    /// Over the base, the top one last; at most one of each type. The light while
    /// pressed, when on, is the bottom one.
    private(set) var overlays: [any Overlay] = []
    /// The base modes that take the button's gestures before the gesture map, the top
    /// one last; at most one of each type.
    private(set) var layers: [any ButtonLayer] = []

    init(base: any BaseMode) { self.base = base }

    /// What plays now: the top overlay's program, else the base mode's.
    var program: LightProgram { overlays.last?.program ?? base.program }

    /// What the light's own state plays: the light while pressed's program while the
    /// button holds it, else the base mode's; under an overlay that holds the light, what
    /// the light showed when it last played (a transition's start level).
    var ownProgram: LightProgram {
        get { pressedIndex.map { overlays[$0].program } ?? base.program }
        set {
            if let i = pressedIndex { overlays[i].program = newValue } else { base.program = newValue }
        }
    }

    /// True when what plays is the light's own program: no overlay plays over it.
    var playsOwnProgram: Bool { overlays.allSatisfy { $0 is LightWhilePressed } }

    /// What the light's own state plays as: the base mode, or a latched light
    /// (`SteadyMode`) while the button holds it.
    var ownMode: any BaseMode.Type { pressedIndex != nil ? SteadyMode.self as any BaseMode.Type : type(of: base) }

    /// True while the light emits: held by the button, or a lit base mode.
    var lit: Bool { ownMode.lit }

    /// True while an overlay that holds the light is on the stack.
    var holdsTheLight: Bool { overlays.contains { type(of: $0).holdsTheLight } }

    /// The overlays' timers.
    var deadlines: [Instant] { overlays.compactMap(\.deadline) }

    /// The light while pressed's place on the stack, when it is on.
    private var pressedIndex: Int? { overlays.firstIndex { $0 is LightWhilePressed } }

    /// The base mode becomes `T`, playing what it played until `refreshProgram` says.
    mutating func enterBase<T: BaseMode>(_: T.Type) {
        guard !(base is T) else { return }
        base = T(program: base.program)
    }

    /// The overlay of type `T` on the stack, if any.
    func find<T: Overlay>(_: T.Type) -> T? {
        overlays.last { $0 is T } as? T
    }

    /// The overlay whose timer is due at `t`, the top one first.
    func due(at t: Instant) -> (any Overlay)? {
        overlays.last { $0.deadline == t }
    }

    /// Puts `overlay` on the stack in place of one of its type: on top, or at the bottom
    /// for the light while pressed (the light's own state while held, under the others).
    /// One that holds the light drops a level transition in progress (it plays from where
    /// the light is). What plays changes only when `overlay` is on top.
    mutating func push(_ overlay: some Overlay) {
        let holds = type(of: overlay).holdsTheLight
        leave { type(of: $0) == type(of: overlay) || (holds && $0 is LevelTransition) }
        if overlay is LightWhilePressed { overlays.insert(overlay, at: 0) } else { overlays.append(overlay) }
    }

    /// `T` leaves the stack (nothing when it is not on it).
    mutating func remove<T: Overlay>(_: T.Type) {
        leave { $0 is T }
    }

    /// The light's own state plays `program` from now on, with no transition over it.
    mutating func play(_ program: LightProgram) {
        leave { $0 is LevelTransition }
        ownProgram = program
    }

    /// The light's own state plays `target` after `transition` (which ends where it starts).
    mutating func play(_ target: LightProgram, after transition: LevelTransition) {
        play(target)
        overlays.append(transition)
    }

    /// Moves the start of what plays now to `start` (a group command's anchor).
    mutating func anchor(at start: Instant) {
        if overlays.isEmpty { base.program.startedAt = start } else { overlays[overlays.count - 1].program.startedAt = start }
    }

    /// The base mode of type `T`, if it is on.
    func layer<T: ButtonLayer>(_: T.Type) -> T? {
        layers.last { $0 is T } as? T
    }

    /// Enters the base mode `layer` on top, or updates it in place when it is on.
    mutating func enter(_ layer: some ButtonLayer) {
        if let i = layers.lastIndex(where: { type(of: $0) == type(of: layer) }) {
            layers[i] = layer
        } else {
            layers.append(layer)
        }
    }

    /// The base mode `T` leaves (nothing when it is not on).
    mutating func leave<T: ButtonLayer>(_: T.Type) {
        layers.removeAll { $0 is T }
    }

    /// Takes the overlays matching `leaves` off. What the light showed plays on: the
    /// light while pressed hands its program to the base mode, and a top one that held
    /// the light hands its program to the light's own state, which starts from there.
    private mutating func leave(where leaves: (any Overlay) -> Bool) {
        guard overlays.contains(where: leaves) else { return }
        let shown = overlays.last.flatMap { leaves($0) && type(of: $0).holdsTheLight ? $0.program : nil }
        if let i = pressedIndex, leaves(overlays[i]) { base.program = overlays[i].program }
        overlays.removeAll(where: leaves)
        if let shown { ownProgram = shown }
    }
}
