#if canImport(Glibc)
import Glibc
#endif

/// CPU time this process has used so far (getrusage RUSAGE_SELF, user + system), in
/// nanoseconds. Counts every thread: the scheduler's and the bench's own drain loop.
/// Returns 0 if the kernel refuses (it does not for RUSAGE_SELF).
public func processCPUTimeNanoseconds() -> Int64 {
    #if canImport(Glibc)
    var usage = rusage()
    guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
    func ns(_ t: timeval) -> Int64 { Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_usec) * 1000 }
    return ns(usage.ru_utime) + ns(usage.ru_stime)
    #else
    return 0
    #endif
}
