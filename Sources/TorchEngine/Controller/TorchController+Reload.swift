import TorchCore

/// Config reloads (SIGHUP, the `reload` request).
extension TorchController {
    /// Re-reads the config through the settings' reload source. A config that changes
    /// nothing the light uses leaves the pattern and every timer running; one that does
    /// applies the change without resetting unrelated timers (see
    /// `TorchStateMachine.reconfigure`). On errors the running config is kept and each
    /// error is logged. Returns true when the new config was taken.
    @discardableResult
    func reload(at time: Instant) -> Bool {
        now = max(now, time)
        guard let source = settings.reload else {
            log("reload: not possible in this mode; ignored", .warning)
            return false
        }
        switch source() {
        case let .success(new):
            let timingChanged = new.settings.gestureTiming != settings.torch.gestureTiming
            let mappingChanged = new.mapping != settings.mapping
            let changed = timingChanged || mappingChanged || new.settings != settings.torch
            settings.torch = new.settings
            settings.mapping = new.mapping
            settings.library = new.library
            if mappingChanged {
                let watch = Self.lightWatch(settings)
                if watch?.calibration != lightWatch?.calibration { lightWatch = watch }
            }
            machine.reconfigure(new.settings, at: now)
            if timingChanged { resetRecognizers(at: now) }
            // The same program at the new mapping, from its own start: the phase is kept.
            if mappingChanged { publishIfChanged(force: true) }
            settle()
            if new.restartOnly.isEmpty {
                log(changed ? "config reloaded" : "config reloaded (no change)")
            } else {
                log("config reloaded; only a restart applies the change of \(new.restartOnly.joined(separator: ", ")) "
                    + "(systemctl restart torch)", .warning)
            }
            return true
        case let .failure(error):
            for line in error.lines { log(line, .error) }
            log("reload refused: keeping the running config", .error)
            return false
        }
    }
}
