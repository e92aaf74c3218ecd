/// `button-mode = smart` (the composite switch): the modes a gesture entered first (the
/// button layers on the stack, the top one first), then the gesture map in force. A press
/// from dark lights at once (the light while pressed) until the gesture is known; a tap
/// or click sequence acts on the state before its press; a hold from dark is
/// hold-for-light, a hold while latched ramps. Its press and click sequence in progress
/// are `TorchStateMachine.clicks`.
struct SmartButtons: ButtonLayer {
    /// The ON button's press and click sequence in progress.
    struct Clicks: Sendable {
        /// The press in progress.
        var press: Press?
        /// Clicks so far in the sequence. Apart from `pending`: the count follows the
        /// recognizer (a hold start ends it), and a command drops the waiting action while
        /// the sequence, and its count, go on.
        var count = 0
        /// A sequence of 2 clicks or more whose action waits for the sequence to end.
        var pending: PendingSequence?
        /// The light the sequence's first click found.
        var firstFrom: LightBefore?
    }

    /// The ON button press in progress.
    struct Press: Sendable {
        /// This press lit the light from dark (momentary until a tap or long hold latches).
        var litFromDark: Bool
        /// The OFF button, a command or the fade's wake-up took over: ignore the rest.
        var cancelled: Bool
        /// Its number in the click sequence (1: after a pause).
        var index: Int
    }

    /// A click sequence of 2 clicks or more whose action waits for the sequence to end.
    struct PendingSequence: Sendable {
        /// Its clicks so far.
        var clicks: Int
        /// A press of the sequence lit the light provisionally.
        var litFromDark: Bool
        /// The light before the sequence's first click acted (`Clicks.firstFrom`).
        var before: LightBefore?
    }

    /// The light a click sequence's first click found, for an action that changes only
    /// the screen (`stealth`): a double tap then leaves the light as it was before it.
    struct LightBefore: Sendable {
        /// Lit and latched (not held by the button).
        var latched: Bool
        var sosActive: Bool
    }

    func handle(_ g: Gesture, at t: Instant, in m: inout TorchStateMachine) -> Bool {
        for layer in m.modes.layers.reversed() where layer.handle(g, at: t, in: &m) { return true }
        let map = m.activeMap
        switch g {
        case .press:
            let index = m.clicks.count + 1
            if m.lit {
                m.clicks.press = Press(litFromDark: false, cancelled: false, index: index)
            } else {
                // Light at once: the press may still turn out to be a click or a hold.
                m.clicks.press = Press(litFromDark: true, cancelled: false, index: index)
                // A later press of a sequence lights provisionally at the level as it is:
                // the sequence's action (memory's save among them) sees the level unchanged.
                if index == 1 { m.recallMemory(at: t) }
                m.lightWhilePressed(at: t)
                m.refreshProgram(at: t)
            }
        case .release, .holdEnd:
            if g.kind == .holdEnd {
                if m.ramp != nil { m.endRamp(at: t) }
                if m.sunset != nil { m.endSunsetSetup(at: t) }
                endCancelledPress(at: t, in: &m)
            }
        case .tap, .doubleTap, .click:
            let n = g.count ?? 1
            m.clicks.count = n
            guard let p = m.clicks.press, !p.cancelled else {
                endCancelledPress(at: t, in: &m)
                return true
            }
            m.clicks.press = nil
            if n == 1 {
                // The first click never waits: its action applies to the state before its press.
                m.clicks.pending?.litFromDark = false
                m.clicks.firstFrom = LightBefore(latched: !p.litFromDark && m.lit && !m.momentary, sosActive: m.sosActive)
                if p.litFromDark { revertPressLight(at: t, in: &m) }
                m.apply(map[.clicks(1)], at: t)
                return true
            }
            // A provisional light stays until the sequence is known.
            m.clicks.pending = PendingSequence(
                clicks: n, litFromDark: (m.clicks.pending?.litFromDark ?? false) || p.litFromDark,
                before: m.clicks.pending?.before ?? m.clicks.firstFrom)
            if !map.hasLonger(than: n) { finishSequence(at: t, in: &m) }
        case let .clicksEnded(n, _):
            m.clicks.count = 0
            if n >= 2, m.clicks.pending?.clicks == n { finishSequence(at: t, in: &m) }
            m.clicks.pending = nil
        case .holdStart:
            m.clicks.count = 0
            guard let p = m.clicks.press, !p.cancelled, p.index == 1 else { return true }
            switch map[.clickHold(1)] {
            case .ramp:
                // From dark the hold is hold-for-light: stay momentary. While latched: ramp.
                if !p.litFromDark, m.lit, !m.momentary { m.startRamp(at: t) }
            case .none:
                break
            case let action:
                if p.litFromDark { revertPressLight(at: t, in: &m) }
                m.clicks.press?.cancelled = true
                actOnHold(action, at: t, in: &m)
            }
        case let .clickHold(n, _):
            guard let p = m.clicks.press, !p.cancelled else { return true }
            if (p.litFromDark || m.clicks.pending?.litFromDark == true) && m.momentary { revertPressLight(at: t, in: &m) }
            m.clicks.pending = nil
            m.clicks.press?.cancelled = true
            actOnHold(map[.clickHold(n)], at: t, in: &m)
        case .longHold:
            guard !m.simpleUI, let p = m.clicks.press, !p.cancelled, p.index == 1, p.litFromDark, m.momentary else { return true }
            switch m.settings.longHoldAction {
            case .none:
                break
            case .stealth:
                // Leaves the light alone: the hold-for-light goes on.
                m.apply(.stealth, at: t)
            default:
                m.clicks.press?.litFromDark = false
                revertPressLight(at: t, in: &m)
                actOnHold(m.settings.longHoldAction, at: t, in: &m)
            }
        }
        return true
    }

    /// A hold gesture's action, at its hold start (the sunset timer keeps counting while held).
    func actOnHold(_ action: GestureAction, at t: Instant, in m: inout TorchStateMachine) {
        if action == .sunsetTimer { m.startSunset(at: t) } else { m.apply(action, at: t) }
    }

    /// The click sequence's action (2 clicks or more), on the state before its
    /// provisional light: at the sequence's end, or at the last release when no longer
    /// gesture is mapped.
    func finishSequence(at t: Instant, in m: inout TorchStateMachine) {
        guard let pending = m.clicks.pending else { return }
        if pending.litFromDark && m.momentary { revertPressLight(at: t, in: &m) }
        m.clicks.pending = nil
        let action = m.activeMap[.clicks(pending.clicks)]
        // An action on the screen only (the seed's double tap: its standby look) leaves
        // the light as the sequence found it: the first click's toggle is undone.
        if action == .stealth, let before = pending.before, before.latched != (m.lit && !m.momentary) {
            if before.latched {
                m.turnOn(at: t, recall: false)
                m.sosActive = before.sosActive
            } else {
                m.stopEverything(at: t)
            }
        }
        m.apply(action, at: t)
    }

    /// A press's end: a light held only by the button goes dark (unless a click
    /// sequence still holds it provisionally).
    func endCancelledPress(at t: Instant, in m: inout TorchStateMachine) {
        m.clicks.press = nil
        guard m.momentary, m.clicks.pending == nil else { return }
        m.turnOff(at: t)
        m.refreshProgram(at: t)
    }

    /// Undoes a press's provisional light logically (no program change yet), so the
    /// gesture's action applies to the state before the press: dark, no sleep timer.
    func revertPressLight(at t: Instant, in m: inout TorchStateMachine) {
        m.enterBase(OffMode.self, at: t)
        m.sleepDeadline = nil
    }
}
