/// Lockout: the button only gives the floor level while held (its glow); the lockout
/// gesture unlocks, and the light latches on.
struct LockoutMode: ButtonLayer {
    /// Held: lit at the floor until the release (or the unlock gesture).
    var glowing = false

    func handle(_ g: Gesture, at t: Instant, in m: inout TorchStateMachine) -> Bool {
        let unlockers = m.activeMap.gestures(for: .lockout)
        switch g {
        case .press:
            guard !m.lit else { return true }
            m.modes.enter(LockoutMode(glowing: true))
            m.lightWhilePressed(at: t)
            m.refreshProgram(at: t)
        case .release:
            guard glowing else { return true }
            m.modes.enter(LockoutMode(glowing: false))
            m.turnOff(at: t)
            m.refreshProgram(at: t)
        case let .clicksEnded(n, _) where unlockers.contains(.clicks(n)):
            unlock(at: t, in: &m)
        case let .clickHold(n, _) where unlockers.contains(.clickHold(n)):
            unlock(at: t, in: &m)
        case .holdStart where unlockers.contains(.clickHold(1)):
            unlock(at: t, in: &m)
        default:
            break
        }
        return true
    }

    /// Unlocked, the glow put out with it: the light latches on.
    func unlock(at t: Instant, in m: inout TorchStateMachine) {
        m.modes.leave(LockoutMode.self)
        m.events.append(.notice("lockout off"))
        m.turnOn(at: t)
        m.refreshProgram(at: t)
    }
}
