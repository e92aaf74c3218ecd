#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TorchCore

/// A light output that is taken again after its device went away: a GPIO chip
/// unplugged, unbound or taken offline (gpio-sim's `live` = 0) leaves torch's line
/// request dead (ENODEV) while the service keeps running; when a chip of the same name
/// comes back, `maintain` opens the line again and hands it to the writer.
///
/// Two threads: the scheduler's writes (`write`) and the service loop (`maintain`,
/// `close` after the scheduler stopped). The writer takes a replacement through one
/// atomic exchange and leaves the output it replaced for the service to close, so the
/// real-time path never opens, closes, allocates or frees.
public final class ReacquiringOutput: LightOutput, @unchecked Sendable {
    final class Box {
        let output: any LightOutput
        init(_ output: any LightOutput) { self.output = output }
    }

    public let kind: Backend
    public let isBinary: Bool
    /// The first output's summary (the replacement opens the same line).
    public let summary: String
    private let reopen: () throws(HardwareError) -> any LightOutput
    private let identity: HandoverRecord.Output?
    /// The writer's output (+1). Read by the service only for probing: the service is
    /// the one that closes retired outputs, so the one it reads is alive.
    private let current: Atomic<UnsafeMutableRawPointer>
    /// A replacement opened by the service, waiting for the writer (+1 each).
    private let pending = Atomic<UnsafeMutableRawPointer?>(nil)
    /// The output the writer replaced, waiting for the service to close it.
    private let retired = Atomic<UnsafeMutableRawPointer?>(nil)
    /// True between reporting the output gone and taking it again.
    public private(set) var isGone = false
    private var closed = false

    /// Wraps `output`; `reopen` opens the same line again (from the config).
    public init(_ output: any LightOutput, reopen: @escaping () throws(HardwareError) -> any LightOutput) {
        kind = output.kind
        isBinary = output.isBinary
        summary = output.summary
        identity = output.handoverIdentity
        self.reopen = reopen
        current = Atomic(Unmanaged.passRetained(Box(output)).toOpaque())
    }

    deinit {
        close()
        Unmanaged<Box>.fromOpaque(current.load(ordering: .acquiring)).release()
    }

    /// An errno that means the device behind the output is gone for good.
    public static func meansGone(_ code: Int32) -> Bool { code == ENODEV || code == ENXIO }

    /// Writer thread: takes a waiting replacement, then writes.
    public func write(duty: Double) -> Int32 {
        // Only while the service has closed the last replaced output (one slot).
        if retired.load(ordering: .acquiring) == nil, let fresh = pending.exchange(nil, ordering: .acquiringAndReleasing) {
            retired.store(current.exchange(fresh, ordering: .acquiringAndReleasing), ordering: .releasing)
        }
        let raw = current.load(ordering: .acquiring)
        return Unmanaged<Box>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.output.write(duty: duty) }
    }

    /// The current output's probe (ENODEV once its device is gone).
    public func probe() -> Int32 {
        let raw = current.load(ordering: .acquiring)
        return Unmanaged<Box>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.output.probe() }
    }

    /// A service's line is looked after on a timer (`LightOutput.needsMaintenanceTimer`).
    public var needsMaintenanceTimer: Bool { true }

    /// Service thread, now and then: closes an output the writer replaced; when the
    /// current one is gone (`probe` or the writes' `lastErrno`), tries to open it again.
    public func maintain(lastErrno: Int32 = 0) -> OutputMaintenance? {
        if let raw = retired.exchange(nil, ordering: .acquiringAndReleasing) {
            Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().output.close()
        }
        guard !closed, pending.load(ordering: .acquiring) == nil else { return nil }
        let code = probe()
        var event: OutputMaintenance? = nil
        if Self.meansGone(code) || (isGone && code != 0) {
            if !isGone {
                isGone = true
                event = .gone(code)
            }
            if let fresh = try? reopen() {
                pending.store(Unmanaged.passRetained(Box(fresh)).toOpaque(), ordering: .releasing)
                isGone = false
                return .reacquired
            }
        } else if isGone && code == 0 && !Self.meansGone(lastErrno) {
            isGone = false
        }
        return event
    }

    /// The current output's descriptor (a line taken again has a new one).
    public var heldDescriptor: Int32? {
        Unmanaged<Box>.fromOpaque(current.load(ordering: .acquiring))._withUnsafeGuaranteedRef { $0.output.heldDescriptor }
    }

    /// The first output's (the replacement opens the same line).
    public var handoverIdentity: HandoverRecord.Output? { identity }

    /// After the writer stopped: hands the current output over (`LightOutput.handOver`)
    /// and closes anything waiting or retired.
    public func handOver() {
        guard closeWaiting() else { return }
        Unmanaged<Box>.fromOpaque(current.load(ordering: .acquiring))._withUnsafeGuaranteedRef { $0.output.handOver() }
    }

    /// After the writer stopped: closes the current output and anything waiting.
    public func close() {
        guard closeWaiting() else { return }
        Unmanaged<Box>.fromOpaque(current.load(ordering: .acquiring))._withUnsafeGuaranteedRef { $0.output.close() }
    }

    /// The first of `handOver` and `close`: marks this closed and closes the outputs
    /// waiting or retired. False when it was closed already (nothing to do).
    private func closeWaiting() -> Bool {
        guard !closed else { return false }
        closed = true
        if let raw = pending.exchange(nil, ordering: .acquiringAndReleasing) {
            Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().output.close()
        }
        if let raw = retired.exchange(nil, ordering: .acquiringAndReleasing) {
            Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().output.close()
        }
        return true
    }

}
