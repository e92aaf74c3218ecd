/// A config reload while the torch runs.
extension TorchStateMachine {
    /// Takes `new` settings at `time` without restarting what they leave alone: the
    /// pattern keeps playing from its phase, a running sleep timer keeps its deadline
    /// unless `sleep-timer` itself changed (then it restarts from `time` with the new
    /// length), and a changed button mode ends a press or ramp in progress (a light held
    /// only by that press goes dark). Identical settings change nothing at all, so a
    /// client cannot keep a sleep-timed light on by reloading.
    ///
    /// `new` is the config's: the settings changed at run time stay on top of it.
    public mutating func reconfigure(_ new: TorchSettings, at time: Instant) {
        baseSettings = new
        applySettings(userSettings.applied(to: new), at: time)
    }

    /// Puts `new` (the settings in force) into effect, as a reload does.
    mutating func applySettings(_ new: TorchSettings, at time: Instant) {
        runTimers(upTo: time)
        guard new != settings else {
            reportChanges()
            return
        }
        let old = settings
        settings = new
        let t = now
        if new.buttonMode != old.buttonMode {
            buttonMode = new.buttonMode
            ramp = nil
            clicks.press = nil
            if momentary {
                turnOff(at: t)
                refreshProgram(at: t)
            }
        }
        if new.sleepTimer != old.sleepTimer, lit, fadeEnd == nil {
            restartSleepTimer(at: t)
        }
        if new.maxBrightness != old.maxBrightness {
            // The cap applies at once to what is lit; the level kept is the owner's and
            // stays as it is, so removing the cap lights it again.
            refreshProgram(at: t)
        }
        reportChanges()
    }
}
