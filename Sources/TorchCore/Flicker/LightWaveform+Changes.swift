extension LightWaveform {
    /// The waveform of an output's recorded changes (a trace: each change's instant in
    /// nanoseconds and the level it set, in order), over the whole periods between its
    /// first and last rise (a change to a higher level than before: the start of each
    /// on/off PWM period). nil with fewer than two rises: no whole period.
    public init?(changes: [(at: Int64, level: Double)]) {
        var rises: [Int] = []
        for i in changes.indices.dropFirst() where changes[i].level > changes[i - 1].level && changes[i].at > changes[i - 1].at {
            rises.append(i)
        }
        guard let first = rises.first, let last = rises.last, last > first else { return nil }
        var segments: [Segment] = []
        for i in first..<last {
            let length = changes[i + 1].at.saturatingSubtracting(changes[i].at)
            segments.append(Segment(length: length, level: min(1, max(0, changes[i].level))))
        }
        self.init(segments: segments, periods: rises.count - 1)
    }
}
