import TorchCore
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// Polls `condition` every millisecond until it holds or `seconds` have passed (the
/// scheduler's thread and the service loop run on their own; a generous limit, never a
/// timing assertion); true when it held.
func eventually(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let clock = MonotonicClock()
    let end = clock.now() + .seconds(fromDouble: seconds)
    while clock.now() < end {
        if condition() { return true }
        usleep(1000)
    }
    return condition()
}
