#if canImport(Glibc)
import Glibc
#endif
import TorchCore

/// The system's wall clock, CLOCK_REALTIME: what the service gives its front ends for
/// instants agreed between boards (an MQTT group command's `"at"`), and what a token's
/// mint time is stamped with. Never used for deadlines: it jumps when NTP steps it.
public struct SystemWallClock: WallClock {
    public init() {}

    public func unixNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) &* 1_000_000_000 &+ Int64(ts.tv_nsec)
    }
}
