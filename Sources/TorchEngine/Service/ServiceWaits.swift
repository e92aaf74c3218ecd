import TorchCore
import TorchHardware

/// What the service's loop waits on between turns: its descriptors, the stop and reload
/// signals, and the next deadline. `PollWaits` is the machine's (ppoll and a signalfd);
/// an embedded service in the tests scripts readiness and signals on a manual clock.
public protocol ServiceWaits: AnyObject {
    /// Opens the signal descriptor (the signals stay blocked until the process exits, so
    /// a second one during shutdown cannot change the exit status). Throws one line.
    func open() throws(HardwareError)
    /// The descriptor the signals arrive on, among those `wait` returns ready.
    var signalDescriptor: Int32 { get }
    /// Waits until a descriptor is ready or `deadline` (nil: no deadline) passes, and
    /// returns the ready ones.
    func wait(readable: [Int32], writable: [Int32], until deadline: Instant?) -> Set<Int32>
    /// The signals that arrived, after `signalDescriptor` was ready.
    func takeSignals() -> [ProcessSignal]
    /// Closes what `open` opened.
    func close()
}

/// The machine's waits: ppoll on the service's clock, the signals through a signalfd.
public final class PollWaits: ServiceWaits {
    private let clock: any TorchClock
    private let signals: [ProcessSignal]
    private var descriptor: SignalDescriptor?

    public init(clock: any TorchClock, signals: [ProcessSignal] = TorchService.stopSignals) {
        self.clock = clock
        self.signals = signals
    }

    public func open() throws(HardwareError) {
        descriptor = try SignalDescriptor(signals: signals)
    }

    public var signalDescriptor: Int32 { descriptor?.fd ?? -1 }

    public func wait(readable: [Int32], writable: [Int32], until deadline: Instant?) -> Set<Int32> {
        PollSet.wait(readable, writable: writable, until: deadline, clock: clock)
    }

    public func takeSignals() -> [ProcessSignal] { descriptor?.read() ?? [] }

    public func close() {
        descriptor?.close()
        descriptor = nil
    }
}
