/// The base mode's program and the overlays over it, the top one last: what plays is
/// derived from the top (`program`), so setting the stack is setting the program. The
/// base modes that take the button's gestures (`layers`) are beside them.
struct ModeStack: Sendable {
    /// What the base mode plays; under an overlay that holds the light, what the light
    /// showed when the base mode last played (a transition's start level).
    var base: LightProgram
    /// Over the base, the top one last; at most one of each type.
    private(set) var overlays: [any Overlay] = []
    /// The base modes that take the button's gestures before the gesture map, the top
    /// one last; at most one of each type.
    private(set) var layers: [any ButtonLayer] = []

    init(base: LightProgram) { self.base = base }

    /// What plays now: the top overlay's program, else the base mode's.
    var program: LightProgram { overlays.last?.program ?? base }

    /// True while an overlay that holds the light is on the stack.
    var holdsTheLight: Bool { overlays.contains { type(of: $0).holdsTheLight } }

    /// The overlays' timers.
    var deadlines: [Instant] { overlays.compactMap(\.deadline) }

    /// The overlay of type `T` on the stack, if any.
    func find<T: Overlay>(_: T.Type) -> T? {
        overlays.last { $0 is T } as? T
    }

    /// The overlay whose timer is due at `t`, the top one first.
    func due(at t: Instant) -> (any Overlay)? {
        overlays.last { $0.deadline == t }
    }

    /// Enters `overlay` on top, in place of one of its type; one that holds the light
    /// drops a level transition in progress (it plays from where the light is).
    mutating func push(_ overlay: some Overlay) {
        let holds = type(of: overlay).holdsTheLight
        leave { type(of: $0) == type(of: overlay) || (holds && $0 is LevelTransition) }
        overlays.append(overlay)
    }

    /// `T` leaves the stack (nothing when it is not on it).
    mutating func remove<T: Overlay>(_: T.Type) {
        leave { $0 is T }
    }

    /// The base mode plays `program` from now on, with no transition over it.
    mutating func play(_ program: LightProgram) {
        leave { $0 is LevelTransition }
        base = program
    }

    /// The base mode plays `target` after `transition` (which ends where it starts).
    mutating func play(_ target: LightProgram, after transition: LevelTransition) {
        play(target)
        overlays.append(transition)
    }

    /// Moves the start of what plays now to `start` (a group command's anchor).
    mutating func anchor(at start: Instant) {
        if overlays.isEmpty { base.startedAt = start } else { overlays[overlays.count - 1].program.startedAt = start }
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

    /// Takes the overlays matching `leaves` off; when the top one held the light, its
    /// program is where the base mode's next one starts from.
    private mutating func leave(where leaves: (any Overlay) -> Bool) {
        guard overlays.contains(where: leaves) else { return }
        if let top = overlays.last, leaves(top), type(of: top).holdsTheLight { base = top.program }
        overlays.removeAll(where: leaves)
    }
}
