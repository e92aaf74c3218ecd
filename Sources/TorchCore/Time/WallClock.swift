/// Wall-clock time (CLOCK_REALTIME), for instants agreed between boards (an MQTT group
/// command's `"at"`). Never a deadline: it jumps when NTP steps it; deadlines are on
/// `TorchClock`. The service's is the system's; an embedded service's is manual.
public protocol WallClock: Sendable {
    /// Nanoseconds since the Unix epoch.
    func unixNanoseconds() -> Int64
}
