/// The readout gesture: a number blinked out once over whatever the light was doing,
/// which comes back when the blinks end or a press or command cuts them short.
extension TorchStateMachine {
    /// Plays `readout`'s blink train once from `time`, at the level now (the Simple UI's
    /// cap applies), dark or lit before; then the light is as it was. Nothing is shown
    /// (one notice says so) while the sleep fade or the sunset timer owns the program, as
    /// for a flash: a command would end the readout while that fade still held the light.
    public mutating func showReadout(_ readout: Readout, at time: Instant) {
        runTimers(upTo: time)
        let t = now
        wantsReadout = false
        guard fadeEnd == nil, sunset == nil else {
            events.append(.notice("readout \(readout.text) not shown: the fade owns the light"))
            reportChanges()
            return
        }
        let train = readout.once
        enter(FlashOrReadout(program: LightProgram(timeline: train, brightness: min(brightness, ceilingCap), startedAt: t),
                             end: t + train.period), at: t)
        events.append(.notice("readout \(readout.text)"))
        reportChanges()
    }

    /// The number could not be read (the shell logs why): nothing is shown.
    public mutating func readoutUnavailable() {
        wantsReadout = false
    }
}
