import TorchCore
import TorchHardware

/// Reads the readout gesture's number (`[button] readout`: the board's address, the CPU
/// temperature, the version or a fixed number) when the controller asks for it, on the
/// event loop at the end of the turn that recognised the gesture, and hands it in.
public final class ReadoutFrontEnd: FrontEnd {
    private let read: () -> Result<Readout, HardwareError>

    /// `read` gives the number now, or the error that says why it cannot.
    public init(read: @escaping () -> Result<Readout, HardwareError>) {
        self.read = read
    }

    public var pollDescriptors: [Int32] { [] }
    public var nextDeadline: Instant? { nil }
    public func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {}
    public func close() {}

    public func refresh(at now: Instant, controller: TorchController, duty: Double) {
        guard controller.wantsReadout else { return }
        switch read() {
        case let .success(r): controller.readout(r, at: now)
        case let .failure(e): controller.readoutUnavailable("\(e)")
        }
    }
}
