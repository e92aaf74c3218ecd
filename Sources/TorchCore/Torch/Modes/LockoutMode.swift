/// Lockout: the button only gives the floor level while held (its glow); the lockout
/// gesture unlocks, and the light latches on.
struct LockoutMode: ButtonLayer {
    /// Held: lit at the floor until the release (or the unlock gesture).
    var glowing = false
    /// Entered by the auto-lock timer (`auto-lock`), not a gesture: its notice says so.
    var byAutoLock = false

    func handle(_ g: Gesture, at t: Instant, in m: inout TorchStateMachine) -> Bool {
        let unlockers = m.activeMap.gestures(for: .lockout)
        switch g {
        case .press:
            guard !m.lit else { return true }
            var held = self
            held.glowing = true
            m.modes.enter(held)
            m.lightWhilePressed(at: t)
            m.refreshProgram(at: t)
        case .release:
            guard glowing else { return true }
            var dark = self
            dark.glowing = false
            m.modes.enter(dark)
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

    func entered(at t: Instant, in m: inout TorchStateMachine) {
        m.events.append(.notice(byAutoLock ? "lockout on (auto-lock)" : "lockout on"))
    }

    func left(at t: Instant, in m: inout TorchStateMachine) {
        m.events.append(.notice("lockout off"))
    }

    /// Unlocked, the glow put out with it: the light latches on.
    func unlock(at t: Instant, in m: inout TorchStateMachine) {
        m.leave(LockoutMode.self, at: t)
        m.turnOn(at: t)
        m.refreshProgram(at: t)
    }
}
