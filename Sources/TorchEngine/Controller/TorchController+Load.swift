import TorchCore
import TorchHardware

/// The load average for the heartbeat effect: while the heartbeat plays the controller
/// asks for it (`.read(.loadAverage)`) at once and then every `loadInterval`; the shell
/// reads it (a syscall) and hands it back as a value with its instant. Nothing is read
/// while another pattern plays.
extension TorchController {
    /// How often the load is read while the heartbeat plays: 5 s, the kernel's own
    /// update interval of the load average (LOAD_FREQ).
    public static let loadInterval: Duration = .seconds(5)

    /// What the shell read for `.read(.loadAverage)`. A failing read is logged once (the
    /// heartbeat keeps its last rate), and once more when it reads again.
    func loadAverageRead(_ result: Result<Double, HardwareError>, at time: Instant) {
        switch result {
        case let .success(load):
            if loadFailing {
                loadFailing = false
                log("heartbeat: the load average reads again (\(DecimalSyntax.format(load, maxFractionDigits: 2)))", .info)
            }
            loadAverage(load, at: time)
        case let .failure(e):
            if !loadFailing {
                loadFailing = true
                log("heartbeat: \(e.message); it keeps its last rate", .warning)
            }
        }
    }

    /// A new 1-minute load average at `time` (see `TorchStateMachine.loadAverageChanged`).
    func loadAverage(_ load: Double, at time: Instant) {
        guard !isStopped else { return }
        machine.loadAverageChanged(load, at: time)
        now = max(now, time)
        settle()
    }

    /// True while the heartbeat plays: only then is the load worth reading.
    public var followsLoadAverage: Bool { !isStopped && machine.playsHeartbeat }

    /// The next load read while the heartbeat plays; nil otherwise.
    var nextLoadRead: Instant? {
        guard followsLoadAverage else { return nil }
        return lastLoadRead.map { $0 + Self.loadInterval } ?? now
    }

    /// Asks the shell for what the machine must be read for now: the readout's number
    /// once per gesture, the load when the heartbeat starts and every `loadInterval`.
    func askForReadings() {
        if machine.wantsReadout {
            if !readoutAsked {
                readoutAsked = true
                effects.append(.read(.readout))
            }
        } else {
            readoutAsked = false
        }
        if followsLoadAverage {
            if lastLoadRead.map({ now >= $0 + Self.loadInterval }) ?? true {
                lastLoadRead = now
                effects.append(.read(.loadAverage))
            }
        } else {
            lastLoadRead = nil
        }
    }
}
