import CTorchSys
#if canImport(Glibc)
import Glibc
#endif

/// Signals delivered as readable events on a file descriptor (signalfd), so the event
/// loop handles SIGINT/SIGTERM/SIGHUP in order with everything else, never inside an
/// async signal handler. The signals are blocked for the whole process (threads
/// created afterwards inherit the mask) and stay blocked after `close()` until the
/// process exits: a second SIGTERM during the shutdown must not kill it half-way or
/// change its exit status.
public final class SignalDescriptor {
    private let descriptor: FileDescriptor
    /// The descriptor to poll; -1 once closed.
    public var fd: Int32 { descriptor.rawValue }
    private var mask = sigset_t()

    public init(signals: [ProcessSignal]) throws(HardwareError) {
        mask = Self.block(signals)
        let fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else {
            let e = errno
            throw HardwareError("signalfd: \(errnoText(e))", errno: e)
        }
        descriptor = FileDescriptor(owning: fd)
    }

    deinit { close() }

    /// Blocks `signals` for the calling thread and the threads it creates afterwards, and
    /// returns the mask. Called before anything is changed on the machine, a stop that
    /// arrives while torch is still setting up waits (pending) for the descriptor, which
    /// then reads it, instead of killing the process before it can put things back.
    @discardableResult
    public static func block(_ signals: [ProcessSignal]) -> sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s.number) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        return mask
    }

    /// Unblocks `signals` again for the calling thread: their default action (or a pending
    /// one) applies from here. For a process that blocked them first thing and then
    /// found it runs no event loop to read them.
    public static func unblock(_ signals: [ProcessSignal]) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s.number) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }

    /// The signals waiting, in arrival order.
    public func read() -> [ProcessSignal] {
        var out: [ProcessSignal] = []
        var info = signalfd_siginfo()
        while Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            // Only the signals asked for arrive here; anything else is not ours to name.
            if let s = Int32(exactly: info.ssi_signo).flatMap(ProcessSignal.init(number:)) { out.append(s) }
        }
        return out
    }

    /// Closes the descriptor (again: nothing); the signals stay blocked.
    public func close() { descriptor.close() }
}
