/// The heartbeat effect's rate: the 1-minute load average, as the kernel's heartbeat
/// trigger reads it. The service reads /proc/loadavg and hands the value in; a playing
/// heartbeat takes a new period at the end of its current cycle (the trigger, too,
/// computes the period at the start of each cycle), so no beat is ever cut short.
struct HeartbeatLoad: Sendable {
    /// The load the heartbeat's period is computed from.
    var applied: Double = 0
    /// A newer reading, taken at the end of the playing cycle.
    var pending: Double?
}

extension TorchStateMachine {
    /// The load average the heartbeat follows (the last one applied).
    public var loadAverage: Double { heartbeatLoad.applied }

    /// True while the heartbeat effect plays (lit, not fading).
    public var playsHeartbeat: Bool {
        lit && fadeEnd == nil && currentPattern == .effect(.heartbeat)
    }

    /// A new 1-minute load average at `time`. While the heartbeat plays, its new period
    /// starts at the end of the current cycle; otherwise the next heartbeat starts with it.
    public mutating func loadAverageChanged(_ load: Double, at time: Instant) {
        runTimers(upTo: time)
        let value = load.isFinite ? min(max(load, 0), Heartbeat.maximumLoad) : 0
        if playsHeartbeat {
            let same = Heartbeat.period(loadAverage: value) == Heartbeat.period(loadAverage: heartbeatLoad.applied)
            heartbeatLoad.pending = same ? nil : value
        } else {
            heartbeatLoad = HeartbeatLoad(applied: value, pending: nil)
        }
        reportChanges()
    }

    /// The end of the playing heartbeat cycle when a new load waits for it.
    var heartbeatRetune: Instant? {
        // A level transition plays the fade, not a cycle, and a flash or readout plays
        // over it: the base mode's next cycle after them takes the new period.
        guard heartbeatLoad.pending != nil, playsHeartbeat, modes.playsOwnProgram, now >= program.startedAt else { return nil }
        let period = program.timeline.period.nanoseconds
        guard period > 0 else { return nil }
        // The first cycle boundary at or after now (now itself when it is one, so the
        // deadline does not move once reached).
        let elapsed = (now - program.startedAt).nanoseconds
        let cycles = elapsed / period + (elapsed % period == 0 ? 0 : 1)
        return program.startedAt + .nanoseconds(cycles.saturatingMultiplied(by: period))
    }

    /// The heartbeat restarts its cycle at `t` with the waiting load's period.
    mutating func retuneHeartbeat(at t: Instant) {
        guard let load = heartbeatLoad.pending else { return }
        heartbeatLoad = HeartbeatLoad(applied: load, pending: nil)
        guard playsHeartbeat else { return }
        modes.play(LightProgram(timeline: Heartbeat.timeline(loadAverage: load), brightness: min(brightness, ceilingCap), startedAt: t))
    }

    /// The timeline a pattern plays now: the heartbeat at the applied load, others as they are.
    func playedTimeline(_ pattern: Pattern) -> Timeline {
        if case .effect(.heartbeat) = pattern { return Heartbeat.timeline(loadAverage: heartbeatLoad.applied) }
        return pattern.timeline()
    }
}
