import CTorchSys

/// The calling thread's scheduling class.
public enum ThreadPriority {
    /// Makes the calling thread SCHED_FIFO at `priority` (1…99). Returns 0 or the errno
    /// (EPERM without CAP_SYS_NICE or an RLIMIT_RTPRIO that allows it).
    @discardableResult
    public static func setFIFO(_ priority: Int32) -> Int32 { ctorch_set_fifo(priority) }

    /// What a thread asked for and got.
    public enum Granted: Equatable, Sendable {
        /// SCHED_FIFO at this priority.
        case fifo(priority: Int)
        /// Normal priority with 1 ns timer slack (a normal thread would otherwise wake up
        /// to 50 µs late). `refused`: the errno SCHED_FIFO was refused with; nil: not
        /// requested.
        case normal(refused: Int32?)

        /// One line for the banner, e.g. "SCHED_FIFO priority 50" or "normal priority
        /// (SCHED_FIFO not permitted: Operation not permitted), timer slack 1ns".
        public var summary: String {
            switch self {
            case .fifo(let p): "SCHED_FIFO priority \(p)"
            case .normal(nil): "normal priority (real-time not requested), timer slack 1ns"
            case .normal(let e?): "normal priority (SCHED_FIFO not permitted: \(errnoText(e))), timer slack 1ns"
            }
        }
    }

    /// Gives the calling thread 1 ns timer slack, then makes it SCHED_FIFO at `priority`
    /// (kept within Int32; the kernel refuses what is outside 1…99 with EINVAL) unless
    /// `priority` is nil.
    ///
    /// The slack comes first, and for a SCHED_FIFO thread too: clock_nanosleep ignores
    /// a real-time thread's slack, but a futex wait (the pattern thread's) applies it on
    /// kernels before 6.7, where a SCHED_FIFO thread keeps the 50 µs default, so each
    /// deadline could fire up to 50 µs late (Debian 12's 6.1, Raspberry Pi OS bookworm's
    /// 6.6). From 6.7 the switch to SCHED_FIFO sets the slack to 0 and PR_SET_TIMERSLACK
    /// leaves a real-time thread's alone, so setting it first is right on both.
    public static func apply(_ priority: Int?) -> Granted {
        _ = ctorch_set_timer_slack(1)
        guard let priority else { return .normal(refused: nil) }
        let e = setFIFO(Int32(clamping: priority))
        return e == 0 ? .fifo(priority: priority) : .normal(refused: e)
    }
}
