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
        /// Normal priority with 1 ns timer slack (the kernel applies no slack to SCHED_FIFO
        /// threads; a normal one would otherwise wake up to 50 µs late). `refused`: the
        /// errno SCHED_FIFO was refused with; nil: not requested.
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

    /// Makes the calling thread SCHED_FIFO at `priority` (kept within Int32; the kernel
    /// refuses what is outside 1…99 with EINVAL), or, when that is refused or `priority`
    /// is nil, gives it 1 ns timer slack.
    public static func apply(_ priority: Int?) -> Granted {
        guard let priority else {
            _ = ctorch_set_timer_slack(1)
            return .normal(refused: nil)
        }
        let e = setFIFO(Int32(clamping: priority))
        if e == 0 { return .fifo(priority: priority) }
        _ = ctorch_set_timer_slack(1)
        return .normal(refused: e)
    }
}
