import CTorchSys

/// The calling thread's scheduling class.
public enum ThreadPriority {
    /// Makes the calling thread SCHED_FIFO at `priority` (1…99). Returns 0 or the errno
    /// (EPERM without CAP_SYS_NICE or an RLIMIT_RTPRIO that allows it).
    @discardableResult
    public static func setFIFO(_ priority: Int32) -> Int32 { ctorch_set_fifo(priority) }
}
