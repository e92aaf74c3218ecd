import TorchCore
import TorchHardware

/// Reads the readout gesture's number (`[button] readout`: the board's address, the CPU
/// temperature, the version or a fixed number) when the controller asks for it, on the
/// event loop at the end of the turn that recognised the gesture, and hands it in.
public final class ReadoutFrontEnd: FrontEnd {
    private let read: () -> Result<ReadoutReading, HardwareError>

    /// `read` gives the number now, or the error that says why it cannot.
    public init(read: @escaping () -> Result<ReadoutReading, HardwareError>) {
        self.read = read
    }

    public var pollDescriptors: [Int32] { [] }
    public var nextDeadline: Instant? { nil }
    public func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {}
    public func close() {}

    public func refresh(at now: Instant, controller: TorchController, duty: Double) {
        guard controller.wantsReadout else { return }
        switch read() {
        case let .success(r):
            // What is blinked and where it came from goes to the log (the journal under
            // systemd), as the number a user counts may need checking.
            if let note = r.note { controller.report("readout: \(note)", .info) }
            controller.readout(r.readout, at: now)
        case let .failure(e): controller.readoutUnavailable("\(e)")
        }
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
