import TorchCore
import TorchHardware

/// What the service hands each front end before the loop starts: its clocks (every front
/// end keeps the service's time, manual ones in an embedded service) and the shell's
/// services a front end may call on, so no front end is picked out by its type. The
/// controller itself is not here: it comes with each `serve` and `refresh`, and is
/// changed only through its one way in, `handle(_:)`.
public struct FrontEndContext {
    /// The service's clock.
    public let clock: any TorchClock
    /// The service's wall clock (CLOCK_REALTIME), for instants agreed between boards.
    public let wallClock: any WallClock
    /// Carries out the controller's effects now: a control-socket reply then means done
    /// (`torch stealth on` returns with the status LEDs dark).
    public let performEffects: () -> Void
    /// The metrics exposition, for `GET /metrics`.
    public let metricsText: () -> String

    public init(clock: any TorchClock, wallClock: any WallClock = SystemWallClock(), performEffects: @escaping () -> Void = {},
                metricsText: @escaping () -> String = { "" }) {
        self.clock = clock
        self.wallClock = wallClock
        self.performEffects = performEffects
        self.metricsText = metricsText
    }
}
