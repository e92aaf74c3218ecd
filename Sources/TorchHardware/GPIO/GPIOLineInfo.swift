/// What the kernel says about one GPIO line, at the time it was asked.
public struct GPIOLineInfo: Equatable, Sendable {
    /// The line's offset on its chip (0 ..< lineCount).
    public var offset: UInt32
    /// The line's name (e.g. `GPIO18`); empty when the chip does not name it.
    public var name: String
    /// The label of whoever holds the line (e.g. `torch`, `gpioset`); empty when free
    /// or when the holder gave no label.
    public var consumer: String
    /// True when the line is requested, by a program or by the kernel.
    public var isUsed: Bool
    /// True when the line is configured as an output.
    public var isOutput: Bool
    /// True when the line's logical value is the inverse of its physical level.
    public var isActiveLow: Bool

    public init(offset: UInt32, name: String, consumer: String = "", isUsed: Bool = false,
                isOutput: Bool = false, isActiveLow: Bool = false) {
        self.offset = offset
        self.name = name
        self.consumer = consumer
        self.isUsed = isUsed
        self.isOutput = isOutput
        self.isActiveLow = isActiveLow
    }

    /// "line 18 (GPIO18)", or "line 18" when unnamed.
    public var label: String { name.isEmpty ? "line \(offset)" : "line \(offset) (\(name))" }
}

/// The bias an input line asks the pin controller for.
public enum GPIOBias: String, CaseIterable, Sendable {
    /// Leave the bias as it is.
    case asIs = "as-is"
    /// No pull: an external resistor holds the level.
    case disabled
    /// Pull up: a button to ground reads low when pressed (use active-low).
    case pullUp = "pull-up"
    /// Pull down: a button to 3.3 V reads high when pressed.
    case pullDown = "pull-down"
}
