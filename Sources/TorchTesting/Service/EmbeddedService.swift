import TorchCore
import TorchEngine
import TorchHardware

/// `TorchService` run in the test's own thread: the real turn (front ends, controller,
/// effects, saves, output health), its waits scripted (`ScriptedWaits`) on a manual
/// clock, its programs sampled (`SampledPlayer`), its saves written in the turn instead
/// of on the writer's thread. Nothing sleeps and nothing depends on how fast the machine
/// is: `run(until:)` takes every turn due up to an instant.
public final class EmbeddedService {
    public let clock: ManualClock
    /// The front ends' wall clock, moving with `clock`.
    public let wallClock: ManualWallClock
    public let waits: ScriptedWaits
    public let player: SampledPlayer
    public let service: TorchService
    /// Turns taken so far.
    public private(set) var turns = 0
    /// Turns `run(until:)` takes at one instant before it stops, so a deadline stuck in
    /// the past shows as a failed test, not a hang.
    public static let maxTurnsAtOneInstant = 1000

    /// The service over `output` with `options` on `clock` (the one the output and the
    /// inputs are given too; the front ends' wall clock follows it unless given). Call
    /// `begin`.
    public init(output: any LightOutput, options: ServiceOptions, clock: ManualClock = ManualClock(),
                wallClock: ManualWallClock? = nil) {
        self.clock = clock
        self.wallClock = wallClock ?? ManualWallClock(following: clock)
        waits = ScriptedWaits(clock: clock)
        player = SampledPlayer(output: output, clock: clock)
        service = TorchService(output: output, options: options, clock: clock, wallClock: self.wallClock, waits: waits,
                               player: player, saveThread: false)
    }

    /// The service's start; nil when it runs, else its exit code.
    public func begin() -> Int32? { service.begin() }

    /// Takes every turn due up to and including `t` (the service's deadlines and the
    /// scripted events), then leaves the clock at `t`. False when the service kept
    /// asking for turns at one instant (`maxTurnsAtOneInstant`) or stopped.
    @discardableResult
    public func run(until t: Instant) -> Bool {
        var sameInstant = 0
        var last = clock.now()
        while !service.controller.isStopped {
            let due = [service.nextDeadline, waits.nextEvent].compactMap { $0 }.min()
            guard let due, due <= t else { break }
            service.turn()
            turns += 1
            if clock.now() == last {
                sameInstant += 1
                if sameInstant >= Self.maxTurnsAtOneInstant { return false }
            } else {
                sameInstant = 0
                last = clock.now()
            }
        }
        if clock.now() < t { clock.advance(to: t) }
        return !service.controller.isStopped
    }

    /// SIGTERM at the clock's instant, the turn it ends, then the service's shutdown;
    /// returns the exit code.
    public func stop() -> Int32 {
        waits.signal(.terminate, at: clock.now())
        run(until: clock.now())
        return service.shutDown()
    }

    /// What the light shows at `t` (the playing program sampled).
    public func duty(at t: Instant) -> Double { player.duty(at: t) }
}
