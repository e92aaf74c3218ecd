import TorchCore

/// A stuck or shorted button: a press its recognizer ended past `[button] stuck-after`
/// (`GestureRecognizer.isStuck`) is said once in the log, and the status carries it
/// (`button_stuck`: the metrics and Home Assistant's problem sensor follow the status)
/// until the line is seen released.
extension TorchController {
    /// Says which buttons became stuck, or let go, since the last look.
    func noteStuckButtons() {
        for role in ButtonRole.allCases {
            let stuck = recognizers[role]?.isStuck ?? false
            guard stuck != stuckButtons.contains(role) else { continue }
            if stuck {
                stuckButtons.insert(role)
                log("button (\(role)): held for \(DurationSyntax.format(settings.torch.gestureTiming.stuckAfter)): "
                    + "taken as released (a stuck or shorted button?); a button again once its line reads released", .warning)
            } else {
                stuckButtons.remove(role)
                log("button (\(role)): its line reads released: a button again", .notice)
            }
        }
    }
}
