import TorchCore
import TorchHardware

/// Finds the line a button is on: `torch setup`'s "press your button now". Every
/// candidate line is requested as an input with the pull-up (a button to ground reads
/// low while pressed) and watched for edges; none is ever driven. The first line whose
/// edge shows a press is the button's; every other line is released at once, and the
/// found one is handed over for recording its bounce.
///
/// The pull a line had is not in what the kernel tells of a free line, but its level
/// read with the bias left as it is shows it (nothing else drives a free input): read
/// first with `levels`, it is put back with `restore` once every request is released.
public struct ButtonFinder {
    public var chip: GPIOChip
    /// The lines to watch: the header's free lines on `chip`.
    public var offsets: [UInt32]
    /// How long to wait for a press.
    public var timeout: Duration

    public init(chip: GPIOChip, offsets: [UInt32], timeout: Duration = .seconds(60)) {
        self.chip = chip
        self.offsets = offsets
        self.timeout = timeout
    }

    /// Each line's level with its bias left as it is: true high (pulled up), false low.
    /// A line that cannot be requested is left out.
    public static func levels(chip: GPIOChip, offsets: [UInt32]) -> [UInt32: Bool] {
        var levels: [UInt32: Bool] = [:]
        for offset in offsets {
            guard let input = try? GPIOButtonInput(chip: chip, line: String(offset), role: .on, activeLow: false,
                                                    bias: .asIs, debounce: .zero, consumer: "torch-setup") else { continue }
            levels[offset] = try? input.isPressed()
            input.close()
        }
        return levels
    }

    /// Sets each line's pull back to what its level showed (`levels`), and releases it.
    public static func restore(chip: GPIOChip, levels: [UInt32: Bool]) {
        for (offset, high) in levels {
            let input = try? GPIOButtonInput(chip: chip, line: String(offset), role: .on, activeLow: false,
                                             bias: high ? .pullUp : .pullDown, debounce: .zero, consumer: "torch-setup")
            input?.close()
        }
    }

    /// What the search saw.
    public enum Outcome {
        /// The button's line, still requested, and the edges of the press that found it.
        case found(GPIOButtonInput)
        /// Nothing was pressed within the timeout.
        case nothingPressed
    }

    /// Watches until one line is pressed. A line that cannot be requested (taken since
    /// the table was drawn) is skipped; every request made is released before it returns,
    /// but the found line's.
    public func run(clock: any TorchClock = MonotonicClock()) throws(HardwareError) -> Outcome {
        var inputs: [GPIOButtonInput] = []
        defer { for i in inputs { i.close() } }
        for offset in offsets {
            guard let input = try? GPIOButtonInput(chip: chip, line: String(offset), role: .on, activeLow: true,
                                                    bias: .pullUp, debounce: .zero, consumer: "torch-setup") else { continue }
            // A line already low with the pull-up on is held low by its wiring, not a press.
            if (try? input.isPressed()) == true { input.close(); continue }
            inputs.append(input)
        }
        guard !inputs.isEmpty else { throw HardwareError("no free line of \(chip.name) [\(chip.label)] could be watched") }
        let end = clock.now() + timeout
        while clock.now() < end {
            let ready = PollSet.wait(inputs.map(\.pollDescriptor), until: end, clock: clock)
            for input in inputs where ready.contains(input.pollDescriptor) {
                let edges = try input.readEdges()
                guard edges.contains(where: \.pressed) else { continue }
                inputs.removeAll { $0 === input }
                return .found(input)
            }
        }
        return .nothingPressed
    }
}
