import TorchCore
import TorchHardware

/// Button edge → output change latency through the real path: edges injected into a
/// pipe the service polls like a GPIO line's event fd, read, recognised (toggle mode:
/// every press changes the light), handed to the scheduler, written, stamped. The
/// latency is the written change's actual instant minus the edge's timestamp.
public struct ButtonLatencyBench {
    public var output: any LightOutput
    /// Presses injected (each toggles the light).
    public var presses: Int
    /// Time between presses; the release comes half-way.
    public var interval: Duration
    public var scheduler: SchedulerSettings

    public init(output: any LightOutput, presses: Int = 200, interval: Duration = .milliseconds(50),
                scheduler: SchedulerSettings = SchedulerSettings()) {
        self.output = output
        self.presses = max(1, presses)
        self.interval = interval
        self.scheduler = scheduler
    }

    /// Runs the service, injects the presses, returns latency statistics (ns) where
    /// `intended` is the edge and `actual` the output change.
    public func run(progress: (Double) -> Void = { _ in }) throws(HardwareError) -> LatenessStatistics {
        let button = try PipeButtonInput(role: .on)
        let tracePath = "/tmp/torch-button-bench-\(ProcessEnvironment.processID).trace"
        defer { removeFile(tracePath) }
        let lead = Duration.milliseconds(300)
        let total = lead + interval * presses + .milliseconds(200)
        let settings = TorchSettings(buttonMode: .toggle, gestureTiming: GestureTiming(debounce: .milliseconds(5)))
        let controller = ControllerSettings(torch: settings, mapping: OutputMapping(curve: .linear), runFor: total)
        var options = ServiceOptions(controller: controller, scheduler: scheduler, tracePath: tracePath,
                                     frontEnds: [ButtonFrontEnd([button])])
        options.verbose = false
        let service = TorchService(output: output, options: options)
        let thread = BackgroundThread { _ = service.run() }
        guard thread.start() else { throw HardwareError("bench button: cannot start the service thread") }

        let clock = MonotonicClock()
        let base = clock.now() + lead
        var pressTimes: [Int64] = []
        pressTimes.reserveCapacity(presses)
        for i in 0..<presses {
            let t = base + interval * i
            clock.sleep(until: t)
            let now = clock.now()
            button.inject(pressed: true, at: now)
            pressTimes.append(now.nanoseconds)
            clock.sleep(until: t + interval / 2)
            button.inject(pressed: false, at: clock.now())
            if i % 10 == 9 { progress(Double(i + 1) / Double(presses)) }
        }
        thread.join()
        progress(1)

        // The trace holds "<ns since origin>,<level>"; match each press to the first
        // change at or after it (and before the next release).
        let origin = service.origin.nanoseconds
        let changes: [Int64] = ((try? AtomicFile.readFile(tracePath)) ?? nil ?? "").split(separator: "\n").compactMap { line in
            guard let comma = line.firstIndex(of: ","), let ns = Int64(line[..<comma]) else { return nil }
            return origin + ns
        }
        var stamps: [OutputStamp] = []
        var j = 0
        let half = (interval / 2).nanoseconds
        for t in pressTimes {
            while j < changes.count && changes[j] < t { j += 1 }
            if j < changes.count && changes[j] < t + half {
                stamps.append(OutputStamp(intended: t, actual: changes[j], duty: 0))
            }
        }
        return LatenessStatistics(stamps: stamps)
    }
}
