/// What each button mode does with the ON button's gestures.
extension TorchStateMachine {
    mutating func smart(_ kind: GestureKind, at t: Instant) {
        switch kind {
        case .press:
            if lit {
                press = Press(litFromDark: false, cancelled: false)
            } else {
                // Light at once: the press may still turn out to be a tap (latch) or a hold.
                press = Press(litFromDark: true, cancelled: false)
                lit = true
                momentary = true
                restartSleepTimer(at: t)
                refreshProgram(at: t)
            }
        case .release:
            break
        case .tap, .doubleTap:
            guard let p = press, !p.cancelled else { return endCancelledPress(at: t) }
            press = nil
            if p.litFromDark { revertPressLight() }
            apply(kind == .tap ? settings.tapAction : settings.doubleTapAction, at: t)
        case .holdStart:
            guard let p = press, !p.cancelled else { return }
            // From dark the hold is hold-for-light: stay momentary. While latched: ramp.
            if !p.litFromDark, lit, !momentary { startRamp(at: t) }
        case .longHold:
            guard let p = press, !p.cancelled, p.litFromDark, momentary else { return }
            switch settings.longHoldAction {
            case .none:
                break
            case .stealth:
                // Leaves the light alone: the hold-for-light goes on.
                apply(.stealth, at: t)
            default:
                press?.litFromDark = false
                revertPressLight()
                apply(settings.longHoldAction, at: t)
            }
        case .holdEnd:
            if ramp != nil { endRamp(at: t) }
            press = nil
            endCancelledPress(at: t)
        }
    }

    /// A press's end: a light held only by the button goes dark.
    mutating func endCancelledPress(at t: Instant) {
        press = nil
        guard momentary else { return }
        turnOff()
        refreshProgram(at: t)
    }

    /// Undoes a press's provisional light logically (no program change yet), so the
    /// gesture's action applies to the state before the press.
    mutating func revertPressLight() {
        lit = false
        momentary = false
        sleepDeadline = nil
    }

    mutating func toggleMode(_ kind: GestureKind, at t: Instant) {
        guard kind == .press else { return }
        if lit { stopEverything() } else { turnOn(at: t) }
        refreshProgram(at: t)
    }

    mutating func momentaryMode(_ kind: GestureKind, at t: Instant) {
        switch kind {
        case .press:
            lit = true
            momentary = true
            restartSleepTimer(at: t)
            refreshProgram(at: t)
        case .release:
            if momentary {
                turnOff()
                refreshProgram(at: t)
            }
        default:
            break
        }
    }

    /// A press during the sleep fade: the light comes back, latched, the timer restarts,
    /// and the rest of the press is ignored.
    mutating func wakeFromFade(at t: Instant) {
        fadeEnd = nil
        lit = true
        momentary = false
        restartSleepTimer(at: t)
        refreshProgram(at: t, restart: true)
        press = Press(litFromDark: false, cancelled: true)
    }
}
