import TorchCore

/// Temporary states: a flash and a virtual press in progress are shown, not remembered.
/// The state file keeps what the owner last chose, so a crash or a power cut in the
/// middle of one restarts in that.
extension TorchController {
    /// Shows `pattern` for `length` from `time` over the light's state (Home Assistant's
    /// flash; see `TorchStateMachine.showFlash`): nothing is saved for it, and the light
    /// is as it was when it ends or a press or command cuts it short. A remote front end
    /// gets nothing that flashes more than three times a second without `[light]
    /// remote-flashing = yes` (`flashPattern(for:)` is what it may ask for).
    @discardableResult
    func flash(_ pattern: Pattern, for length: Duration, from origin: CommandOrigin, at time: Instant) -> ControlError? {
        guard !isStopped else { return nil }
        if origin.isRemote, !settings.torch.remoteFlashing, FlashRate.exceedsThreshold(pattern) {
            return ControlError("flash: pattern '\(patternName(pattern))' flashes more than 3 times a second; "
                                + "a remote front end flashes it only with \(RemotePatternRule.flashingSetting)")
        }
        runGestureTimers(upTo: time)
        if machine.showFlash(pattern, for: length, at: time) {
            lastCommandOrigin = origin
            log("flash: \(patternName(pattern)) for \(DurationSyntax.format(length)) (\(origin.rawValue)), over the light's own state, which is what stays saved")
        }
        now = max(now, time)
        settle()
        return nil
    }

    /// True while a state that must not be saved is in force: a virtual button held
    /// down (a web page's or a socket client's press is not a choice until it ends).
    var holdsTemporaryState: Bool {
        virtualHolds.values.contains { !$0.isEmpty }
    }

    /// Saves the state now, or once the temporary state in force has ended.
    func save() {
        if holdsTemporaryState {
            saveHeld = true
        } else {
            saveHeld = false
            effects.append(.save(savedState))
        }
    }

    /// What is saved: the state machine's state, but a stealth that darkened nothing (no
    /// status LEDs were found) is not kept: the saved stealth stays as the start found it.
    var savedState: PersistentState {
        var state = machine.persistentState
        if !settings.hasStatusLEDs { state.stealth = settings.restoring?.stealth ?? false }
        return state
    }

    /// The save held back during a temporary state, once it has ended.
    func saveIfReleased() {
        if saveHeld && !holdsTemporaryState { save() }
    }
}
