import TorchCore

/// The readout gesture's number: a front end reads it (a syscall, so in TorchHardware)
/// on the event loop and hands it in as a value with its instant.
extension TorchController {
    /// True while the readout gesture waits for its number.
    public var wantsReadout: Bool { !isStopped && machine.wantsReadout }

    /// Blinks `readout` out once from `time` (see `TorchStateMachine.showReadout`).
    public func readout(_ readout: Readout, at time: Instant) {
        guard !isStopped else { return }
        machine.showReadout(readout, at: time)
        now = max(now, time)
        settle()
    }

    /// The number could not be read: one log line saying why, and nothing is shown.
    public func readoutUnavailable(_ why: String) {
        machine.readoutUnavailable()
        report("readout: \(why)", .warning)
    }
}
