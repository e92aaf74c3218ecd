import TorchCore
import TorchHardware

/// Records a real button's raw edges for `torch bench button --button-line`: polls the
/// line's event descriptor (no debounce anywhere: the kernel's is off and the core's is
/// not in the path) until `presses` presses and their releases are complete — a train
/// is complete once the line has been quiet for the train gap — or `duration` runs out.
public struct BounceRecorder {
    public var input: any ButtonInput
    /// Presses to record (each with its release).
    public var presses: Int
    /// The longest the recording lasts, whatever has been pressed.
    public var duration: Duration
    public var trainGap: Duration

    public init(input: any ButtonInput, presses: Int = 10, duration: Duration = .seconds(60),
                trainGap: Duration = BounceAnalysis.defaultTrainGap) {
        self.input = input
        self.presses = max(1, presses)
        self.duration = duration
        self.trainGap = trainGap
    }

    /// What the recording saw.
    public struct Recording {
        public var analysis: BounceAnalysis
        /// Edges the kernel dropped (its event queue overflowed during a burst).
        public var lostEdges: Int
    }

    /// Records; `progress` gets the presses completed so far after every read.
    public func run(clock: any TorchClock = MonotonicClock(),
                    progress: (Int) -> Void = { _ in }) throws(HardwareError) -> Recording {
        let initiallyPressed = try input.isPressed()
        var edges: [RawEdge] = []
        var lost = 0
        let end = clock.now() + duration
        while true {
            let analysis = BounceAnalysis(edges: edges, initiallyPressed: initiallyPressed, trainGap: trainGap)
            var wakeAt = end
            if analysis.presses >= presses, let last = analysis.trains.last, !last.settledPressed,
               let lastEdge = last.edges.last?.at {
                // Enough presses and the button is up: wait out the train gap so the
                // release's bounce is all in, then stop.
                let quietUntil = lastEdge + trainGap
                if clock.now() >= quietUntil { return Recording(analysis: analysis, lostEdges: lost) }
                wakeAt = min(end, quietUntil)
            }
            if clock.now() >= end { return Recording(analysis: analysis, lostEdges: lost) }
            let ready = PollSet.wait([input.pollDescriptor], until: wakeAt, clock: clock)
            guard ready.contains(input.pollDescriptor) else { continue }
            for e in try input.readEdges() { edges.append(e.raw) }
            lost += input.takeLostEventCount()
            progress(BounceAnalysis(edges: edges, initiallyPressed: initiallyPressed, trainGap: trainGap).presses)
        }
    }
}
