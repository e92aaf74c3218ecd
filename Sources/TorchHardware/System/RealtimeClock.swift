#if canImport(Glibc)
import Glibc
#endif
import TorchCore

/// CLOCK_REALTIME: wall-clock time, for instants agreed between boards (an MQTT group
/// command's `"at"`). Never used for deadlines: it jumps when NTP steps it.
public enum RealtimeClock {
    /// Nanoseconds since the Unix epoch.
    public static func nowNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) &* 1_000_000_000 &+ Int64(ts.tv_nsec)
    }
}

/// The system's wall clock, as the service gives it to its front ends.
public struct SystemWallClock: WallClock {
    public init() {}

    public func unixNanoseconds() -> Int64 { RealtimeClock.nowNanoseconds() }
}
