import TorchCore
import TorchEngine
import TorchHardware

/// `torch setup`'s "press your button now": the line found among the free ones, then
/// its bounce over three presses, and a debounce suggested from it.
enum SetupButton {
    struct Found {
        var offset: UInt32
        var name: String
        /// From the three presses; nil when they showed too little to suggest one.
        var debounce: Duration?
    }

    /// Watches `candidates` on `chip`; nil when nothing was pressed in time. Every line
    /// watched is released at the end, and checked to be as it was found.
    static func find(chip: GPIOChip, candidates: [UInt32], labels: [UInt32: String]) throws(HardwareError) -> Found? {
        let before = try candidates.map { (o: UInt32) throws(HardwareError) in try chip.lineInfo(o) }
        let levels = ButtonFinder.levels(chip: chip, offsets: candidates)
        StandardOutput.write("  Press your button now, and let go (watching \(candidates.count) free lines of \(chip.name) "
                             + "[\(chip.label)] with the pull-up on, none driven; up to 60 s) … ")
        let found: GPIOButtonInput
        let outcome: ButtonFinder.Outcome
        do { outcome = try ButtonFinder(chip: chip, offsets: candidates).run() } catch {
            ButtonFinder.restore(chip: chip, levels: levels)
            throw error
        }
        switch outcome {
        case .nothingPressed:
            StandardOutput.write("nothing pressed.\n")
            try checkPutBack(chip, before, levels)
            return nil
        case let .found(input):
            found = input
        }
        let label = labels[found.offset] ?? "line \(found.offset)" + (found.lineName.isEmpty ? "" : " (\(found.lineName))")
        StandardOutput.write("\(label).\n  Now press it three more times, letting go in between … ")
        let recording: BounceRecorder.Recording
        do {
            recording = try BounceRecorder(input: found, presses: 3, duration: .seconds(60)).run()
        } catch {
            found.close()
            ButtonFinder.restore(chip: chip, levels: levels)
            throw error
        }
        found.close()
        try checkPutBack(chip, before, levels)
        let a = recording.analysis
        StandardOutput.write("\(a.presses) presses; the longest bounce \(DurationSyntax.format(.nanoseconds(a.longestTrainNs)))"
            + (a.suggestedDebounce.map { ": debounce = \(DurationSyntax.format($0)) suggested" } ?? "") + ".\n")
        return Found(offset: found.offset, name: label, debounce: a.presses >= 1 ? a.suggestedDebounce : nil)
    }

    /// Every watched line gets its pull back and is released, as the kernel showed it
    /// before: not used, the same direction and polarity.
    private static func checkPutBack(_ chip: GPIOChip, _ before: [GPIOLineInfo], _ levels: [UInt32: Bool]) throws(HardwareError) {
        ButtonFinder.restore(chip: chip, levels: levels)
        for b in before {
            let now = try chip.lineInfo(b.offset)
            if now.isUsed != b.isUsed || now.isOutput != b.isOutput || now.isActiveLow != b.isActiveLow {
                StandardError.write("torch: setup: \(chip.name) \(now.label) is not as it was found (used \(now.isUsed), "
                                    + "output \(now.isOutput)); please report this\n")
            }
        }
    }
}
