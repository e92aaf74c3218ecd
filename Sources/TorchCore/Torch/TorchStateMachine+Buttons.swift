/// What each button mode does with the ON button's gestures.
extension TorchStateMachine {
    /// The gesture map in force: the Simple UI keeps 1c, 2c, 1h and the gestures that
    /// lock or leave it; everything else does nothing there.
    var activeMap: GestureMap {
        let full = settings.gestureMap
        guard simpleUI else { return full }
        var m = GestureMap([:])
        for (g, a) in full.actions where [.clicks(1), .clicks(2), .clickHold(1)].contains(g) || a == .lockout || a == .simpleUI {
            m[g] = a
        }
        return m
    }

    mutating func smart(_ g: Gesture, at t: Instant) {
        // The base modes on the stack first, the top one first (lockout, momentary mode).
        for layer in modes.layers.reversed() where layer.handle(g, at: t, in: &self) { return }
        let map = activeMap
        switch g {
        case .press:
            let index = sequenceClicks + 1
            if lit {
                press = Press(litFromDark: false, cancelled: false, index: index)
            } else {
                // Light at once: the press may still turn out to be a click or a hold.
                press = Press(litFromDark: true, cancelled: false, index: index)
                // A later press of a sequence lights provisionally at the level as it is:
                // the sequence's action (memory's save among them) sees the level unchanged.
                if index == 1 { recallMemory(at: t) }
                lightWhilePressed(at: t)
                refreshProgram(at: t)
            }
        case .release, .holdEnd:
            if g.kind == .holdEnd {
                if ramp != nil { endRamp(at: t) }
                if sunset != nil { endSunsetSetup(at: t) }
                press = nil
                endCancelledPress(at: t)
            }
        case .tap, .doubleTap, .click:
            let n = g.count ?? 1
            sequenceClicks = n
            guard let p = press, !p.cancelled else { return endCancelledPress(at: t) }
            press = nil
            if n == 1 {
                // The first click never waits: its action applies to the state before its press.
                pendingSequence?.litFromDark = false
                firstClickFrom = LightBefore(latched: !p.litFromDark && lit && !momentary, sosActive: sosActive)
                if p.litFromDark { revertPressLight(at: t) }
                apply(map[.clicks(1)], at: t)
                return
            }
            // A provisional light stays until the sequence is known.
            pendingSequence = PendingSequence(clicks: n, litFromDark: (pendingSequence?.litFromDark ?? false) || p.litFromDark,
                                              before: pendingSequence?.before ?? firstClickFrom)
            if !map.hasLonger(than: n) { finishSequence(at: t) }
        case let .clicksEnded(n, _):
            sequenceClicks = 0
            if n >= 2, pendingSequence?.clicks == n { finishSequence(at: t) }
            pendingSequence = nil
        case .holdStart:
            sequenceClicks = 0
            guard let p = press, !p.cancelled, p.index == 1 else { return }
            switch map[.clickHold(1)] {
            case .ramp:
                // From dark the hold is hold-for-light: stay momentary. While latched: ramp.
                if !p.litFromDark, lit, !momentary { startRamp(at: t) }
            case .none:
                break
            case let action:
                if p.litFromDark { revertPressLight(at: t) }
                press?.cancelled = true
                actOnHold(action, at: t)
            }
        case let .clickHold(n, _):
            guard let p = press, !p.cancelled else { return }
            if (p.litFromDark || pendingSequence?.litFromDark == true) && momentary { revertPressLight(at: t) }
            pendingSequence = nil
            press?.cancelled = true
            actOnHold(map[.clickHold(n)], at: t)
        case .longHold:
            guard !simpleUI, let p = press, !p.cancelled, p.index == 1, p.litFromDark, momentary else { return }
            switch settings.longHoldAction {
            case .none:
                break
            case .stealth:
                // Leaves the light alone: the hold-for-light goes on.
                apply(.stealth, at: t)
            default:
                press?.litFromDark = false
                revertPressLight(at: t)
                actOnHold(settings.longHoldAction, at: t)
            }
        }
    }

    /// A hold gesture's action, at its hold start (the sunset timer keeps counting while held).
    mutating func actOnHold(_ action: GestureAction, at t: Instant) {
        if action == .sunsetTimer { startSunset(at: t) } else { apply(action, at: t) }
    }

    /// The click sequence's action (2 clicks or more), on the state before its
    /// provisional light: at the sequence's end, or at the last release when no longer
    /// gesture is mapped.
    mutating func finishSequence(at t: Instant) {
        guard let pending = pendingSequence else { return }
        if pending.litFromDark && momentary { revertPressLight(at: t) }
        pendingSequence = nil
        let action = activeMap[.clicks(pending.clicks)]
        // An action on the screen only (the seed's double tap: its standby look) leaves
        // the light as the sequence found it: the first click's toggle is undone.
        if action == .stealth, let before = pending.before, before.latched != (lit && !momentary) {
            if before.latched {
                turnOn(at: t, recall: false)
                sosActive = before.sosActive
            } else {
                stopEverything(at: t)
            }
        }
        apply(action, at: t)
    }

    /// A press's end: a light held only by the button goes dark (unless a click
    /// sequence still holds it provisionally).
    mutating func endCancelledPress(at t: Instant) {
        press = nil
        guard momentary, pendingSequence == nil else { return }
        turnOff(at: t)
        refreshProgram(at: t)
    }

    /// Undoes a press's provisional light logically (no program change yet), so the
    /// gesture's action applies to the state before the press: dark, no sleep timer.
    mutating func revertPressLight(at t: Instant) {
        enterBase(OffMode.self, at: t)
        sleepDeadline = nil
    }

    mutating func toggleMode(_ kind: GestureKind, at t: Instant) {
        guard kind == .press else { return }
        if lit { stopEverything(at: t) } else { turnOn(at: t) }
        refreshProgram(at: t)
    }

    mutating func momentaryMode(_ kind: GestureKind, at t: Instant) {
        switch kind {
        case .press:
            lightWhilePressed(at: t)
            refreshProgram(at: t)
        case .release:
            if momentary {
                turnOff(at: t)
                refreshProgram(at: t)
            }
        default:
            break
        }
    }

    /// `mode = long-press`: a tap does nothing; held past the hold time the light
    /// toggles at that moment.
    mutating func longPressMode(_ kind: GestureKind, at t: Instant) {
        guard kind == .holdStart else { return }
        if lit { stopEverything(at: t) } else { turnOn(at: t) }
        refreshProgram(at: t)
    }

    /// A press during the sleep fade: the light comes back, latched, the timer restarts,
    /// and the rest of the press is ignored.
    mutating func wakeFromFade(at t: Instant) {
        leave(SleepFade.self, at: t)
        enterBase(SteadyMode.self, at: t)
        restartSleepTimer(at: t)
        refreshProgram(at: t, restart: true)
        press = Press(litFromDark: false, cancelled: true, index: 1)
    }
}
