/// What a service process leaves for the next one in the runtime directory
/// (`$RUNTIME_DIRECTORY/handover`, tmpfs: never on the SD card), rewritten whenever the
/// light changes: which output it drove, what the first process found there (so the
/// last one puts it back), and what was playing since when (`Resumption`). The GPIO
/// line's request itself is in systemd's file descriptor store; a PWM channel keeps its
/// level with no holder. `HandoverRecordFormat` is its text.
public struct HandoverRecord: Equatable, Sendable {
    /// The output, as the next process must find it to take it over.
    public enum Output: Equatable, Sendable {
        /// A GPIO line: the chip's kernel name (`gpiochip0`), the offset, active-low.
        case gpioLine(chip: String, offset: UInt32, activeLow: Bool)
        /// A sysfs PWM channel: the chip's name (`pwmchip0`) and channel; `found`: the
        /// channel as the first torch found it, exported by someone else (nil: torch
        /// exported it, and unexports it at the stop).
        case pwmChannel(chip: String, channel: Int, found: PWMChannelState?)
    }

    public var output: Output
    public var resumption: Resumption
    /// Written by a process that stopped for a restart (`LightAtStop.atSignal` kept the
    /// light): the post-stop command then keeps it too, with nothing more to ask.
    public var handedOver: Bool

    /// Whether the record's output is `configured` (the same chip and line with the same
    /// active-low, or the same PWM chip and channel; what the first process found
    /// aside): only then does the next process take it over. Anything else the record
    /// names is put back, and the configured output opened afresh.
    public func names(_ configured: Output) -> Bool {
        switch (output, configured) {
        case let (.gpioLine(c1, o1, a1), .gpioLine(c2, o2, a2)): c1 == c2 && o1 == o2 && a1 == a2
        case let (.pwmChannel(c1, n1, _), .pwmChannel(c2, n2, _)): c1 == c2 && n1 == n2
        default: false
        }
    }

    public init(output: Output, resumption: Resumption, handedOver: Bool = false) {
        self.output = output
        self.resumption = resumption
        self.handedOver = handedOver
    }
}

/// Why a handover record cannot be used (the next process then starts afresh).
public struct HandoverRecordError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
