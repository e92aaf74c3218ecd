#if canImport(Glibc)
import Glibc
#endif

/// A PM QoS request on the CPUs' wake-up latency (`/dev/cpu_dma_latency`,
/// Documentation/power/pm_qos_interface.rst): while the file is held open with a
/// 32-bit value written to it, the cpuidle governor picks no idle state whose exit
/// latency exceeds that many microseconds; 0 keeps the CPUs out of deep idle, as
/// cyclictest does by default (its `--laptop` skips it). Closing the file withdraws
/// the request — also when the process dies, so nothing is left to put back.
///
/// It only acts through a cpuidle driver: on a machine whose
/// `/sys/devices/system/cpu/cpuidle/current_driver` is `none` (many VMs; CPUs that
/// only halt) it changes nothing.
public final class CPULatencyRequest: @unchecked Sendable {
    public static let defaultPath = "/dev/cpu_dma_latency"
    public let path: String
    private var fd: Int32 = -1

    public init(path: String = CPULatencyRequest.defaultPath) {
        self.path = path
    }

    deinit { release() }

    /// True while the request is held.
    public var isHeld: Bool { fd >= 0 }

    /// Opens the file and writes `microseconds` (0 = no deep idle). Returns 0 or the
    /// errno (EACCES for a non-root user without access, ENOENT without PM QoS); a
    /// failure leaves nothing held. Holding again while held does nothing.
    @discardableResult
    public func hold(microseconds: Int32 = 0) -> Int32 {
        guard fd < 0 else { return 0 }
        let f = Interrupted.retry { open(path, O_WRONLY | O_CLOEXEC) }
        guard f >= 0 else { return errno }
        var value = max(0, microseconds)
        let n = withUnsafeBytes(of: &value) { bytes in Interrupted.retry { write(f, bytes.baseAddress, bytes.count) } }
        guard n == MemoryLayout<Int32>.size else {
            let e = n < 0 ? errno : EIO
            _ = close(f)
            return e
        }
        fd = f
        return 0
    }

    /// Withdraws the request (closes the file). Idempotent.
    public func release() {
        guard fd >= 0 else { return }
        _ = close(fd)
        fd = -1
    }
}
