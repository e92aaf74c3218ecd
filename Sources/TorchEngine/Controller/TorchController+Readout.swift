import TorchCore
import TorchHardware

/// The readout gesture's number: the controller asks for it (`.read(.readout)`) in the
/// turn that recognised the gesture; the shell reads it (a syscall) and hands it back as
/// a value with its instant.
extension TorchController {
    /// True while the readout gesture waits for its number.
    public var wantsReadout: Bool { !isStopped && machine.wantsReadout }

    /// What the shell read for `.read(.readout)`: blinked out once from `time`, or one
    /// log line saying why it could not be read (nothing is shown).
    func readoutRead(_ result: Result<ReadoutReading, HardwareError>, at time: Instant) {
        switch result {
        case let .success(r):
            // What is blinked and where it came from goes to the log (the journal under
            // systemd), as the number a user counts may need checking.
            if let note = r.note { log("readout: \(note)", .info) }
            readout(r.readout, at: time)
        case let .failure(e):
            readoutUnavailable(e.message)
        }
    }

    /// Blinks `readout` out once from `time` (see `TorchStateMachine.showReadout`).
    func readout(_ readout: Readout, at time: Instant) {
        guard !isStopped else { return }
        machine.showReadout(readout, at: time)
        now = max(now, time)
        settle()
    }

    /// The number could not be read: one log line saying why, and nothing is shown.
    func readoutUnavailable(_ why: String) {
        machine.readoutUnavailable()
        log("readout: \(why)", .warning)
    }
}

/// A readout's number and, where it was read from the machine, what it was read from
/// (e.g. "eth0 192.168.1.23: 23") for the log.
public struct ReadoutReading: Equatable, Sendable {
    public var readout: Readout
    public var note: String?

    public init(_ readout: Readout, note: String? = nil) {
        self.readout = readout
        self.note = note
    }
}
