import TorchCore
import TorchHardware

/// Feeds the heartbeat effect its rate: while the heartbeat plays, the 1-minute load
/// average is read every `interval` (the kernel updates it every 5 s) and handed to the
/// controller, which gives the scheduler a new program at the end of the beat's cycle.
/// The read is a small file on the event loop, never on the real-time thread; nothing
/// is read while another pattern plays.
public final class LoadAverageFrontEnd: FrontEnd {
    /// How often the load is read while the heartbeat plays: 5 s, the kernel's own
    /// update interval of the load average (LOAD_FREQ).
    public static let defaultInterval: Duration = .seconds(5)

    private let read: () throws(HardwareError) -> Double
    private let interval: Duration
    /// When the load was last read while the heartbeat played; nil: not playing.
    private var lastRead: Instant?
    /// A failing read is logged once, and again once it works.
    private var failing = false
    private var playing = false

    public init(interval: Duration = defaultInterval,
                read: @escaping () throws(HardwareError) -> Double = { () throws(HardwareError) -> Double in
                    try MachineReadout.loadAverage()
                }) {
        self.interval = interval
        self.read = read
    }

    public var pollDescriptors: [Int32] { [] }

    public var nextDeadline: Instant? {
        guard playing, let last = lastRead else { return nil }
        return last + interval
    }

    public func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {}

    /// At the end of every turn: a heartbeat that just started reads the load at once
    /// (so its first cycle change comes after one beat); a playing one every `interval`.
    public func refresh(at now: Instant, controller: TorchController, duty: Double) {
        playing = controller.followsLoadAverage
        guard playing else {
            lastRead = nil
            return
        }
        if let last = lastRead, now < last + interval { return }
        lastRead = now
        do {
            let load = try read()
            if failing {
                failing = false
                controller.report("heartbeat: the load average reads again (\(DecimalSyntax.format(load, maxFractionDigits: 2)))", .info)
            }
            controller.loadAverage(load, at: now)
        } catch {
            if !failing {
                failing = true
                controller.report("heartbeat: \(error); it keeps its last rate", .warning)
            }
        }
    }

    public func close() {}
}
