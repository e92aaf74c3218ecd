#if canImport(Glibc)
import Glibc
#endif

/// The one place a system call interrupted by a signal (EINTR) is retried.
public enum Interrupted {
    /// Runs `call` again while it returns a negative value with errno EINTR; returns the
    /// first other result (errno still holds that call's error). Allocates nothing, so
    /// the scheduler's real-time writes may use it.
    @inline(__always)
    public static func retry<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let r = call()
            if r < 0 && errno == EINTR { continue }
            return r
        }
    }
}
