import CTorchSys

/// The process's memory locked in RAM (mlockall with MCL_ONFAULT): no page of the
/// real-time thread's is ever paged out, so a page fault never delays an edge.
public enum MemoryLock {
    /// Locks all current and future pages as they are touched. Returns 0 or the errno
    /// (EPERM without CAP_IPC_LOCK, ENOMEM past RLIMIT_MEMLOCK).
    public static func lockAll() -> Int32 { ctorch_lock_memory() }

    /// Undoes `lockAll()`.
    public static func unlockAll() { ctorch_unlock_memory() }
}
