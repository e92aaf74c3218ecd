/// What only a restart applies. A reload (SIGHUP, `reload`) applies the light's settings,
/// the button's gestures and timings, the patterns and the output mapping; what the
/// service opened at its start — the output and its lines, the button's and the
/// feedback's lines, the board's status LEDs, the control socket and the scheduler's
/// settings, the front ends with a section of their own (`[web]`, `[mqtt]`) — stays as it
/// started until a restart. A reload that changes one of these says so, naming it.
extension TorchConfig {
    /// The keys (`[service] socket`) and front ends' sections (`[web]`) whose value in
    /// `new` differs from this config's, the service's at its start, among those only a
    /// restart applies; in the reference's order.
    public func restartOnlyChanges(to new: TorchConfig) -> [String] {
        var changed: [String] = []
        func key<V: Equatable>(_ name: String, _ value: (TorchConfig) -> V) {
            if value(self) != value(new) { changed.append(name) }
        }
        key("[button] chip") { $0.button.chip }
        key("[button] line") { $0.button.line }
        key("[button] off-line") { $0.button.offLine }
        key("[button] bias") { $0.button.bias }
        key("[button] active-low") { $0.button.activeLow }
        key("[output] backend") { $0.output.backend }
        key("[output] chip") { $0.output.chip }
        key("[output] line") { $0.output.line }
        key("[output] active-low") { $0.output.activeLow }
        key("[output] pwm-frequency") { $0.output.pwmFrequency }
        key("[output] soft-pwm-frequency") { $0.output.softPWMFrequency }
        key("[output] pwm-chip") { $0.output.pwmChip }
        key("[output] pwm-channel") { $0.output.pwmChannel }
        key("[feedback] line") { $0.feedback.line }
        key("[feedback] chip") { $0.feedback.chip }
        key("[feedback] pulse") { $0.feedback.pulse }
        key("[feedback] blink-on-pattern-change") { $0.feedback.blinkOnPatternChange }
        key("[board] name") { $0.board.name }
        key("[board] stealth-leds") { $0.board.stealthLEDs }
        key("[service] socket") { $0.service.socket }
        key("[service] socket-group") { $0.service.socketGroup }
        key("[service] state-file") { $0.service.stateFile }
        key("[service] scheduler-priority") { $0.service.schedulerPriority }
        key("[service] watchdog") { $0.service.watchdog }
        key("[service] cpu-latency") { $0.service.cpuLatency }
        key("[service] share-cpu") { $0.service.shareCPU }
        return changed + frontEndSettings.changedSections(comparedTo: new.frontEndSettings)
    }
}
