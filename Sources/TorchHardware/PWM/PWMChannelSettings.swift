import TorchCore

/// What `close()` leaves on a channel that was already exported when torch started.
/// (A channel torch exported itself is always disabled and unexported.)
public enum PWMPutBack: String, Sendable {
    /// Period and polarity as found, duty 0 and enabled: dark and driven, because a
    /// stopped torch is dark and a disabled PWM's level is undefined. The default.
    case dark
    /// Period, polarity, duty cycle and enable exactly as found (may light the LED
    /// again if it was lit before torch started).
    case asFound
}

/// How a sysfs PWM channel is driven. Plain values with documented defaults.
public struct PWMChannelSettings: Sendable, Equatable {
    /// PWM frequency in Hz. Default 2 kHz (period 500 000 ns): above IEEE 1789's
    /// 1.25 kHz low-risk limit at full modulation.
    public var frequency: Double
    /// Output polarity. Default `.normal`.
    public var polarity: PWMPolarity
    /// How long to retry EACCES/ENOENT on the channel files after exporting them, while
    /// udev applies group permissions. Default 2 s.
    public var permissionWindow: Duration
    /// How often to retry inside `permissionWindow`. Default 10 ms.
    public var permissionPoll: Duration
    /// What `close()` leaves on a channel someone else exported. Default `.dark`.
    public var putBack: PWMPutBack

    public init(frequency: Double = 2000, polarity: PWMPolarity = .normal,
                permissionWindow: Duration = .seconds(2), permissionPoll: Duration = .milliseconds(10),
                putBack: PWMPutBack = .dark) {
        self.frequency = frequency
        self.polarity = polarity
        self.permissionWindow = permissionWindow
        self.permissionPoll = permissionPoll
        self.putBack = putBack
    }

    /// The period in nanoseconds for `frequency` (rounded), or nil when the frequency
    /// is not a positive finite number or gives a period outside 1 ns … 4.29 s.
    public static func period(forFrequency hz: Double) -> UInt64? {
        guard hz.isFinite, hz > 0 else { return nil }
        let ns = (1e9 / hz).rounded()
        guard ns >= 1, ns <= Double(UInt32.max) else { return nil }
        return UInt64(ns)
    }
}

/// What one process of the service leaves the next about its PWM channel (the handover
/// record's `output=pwm …`): the channel as the first process found it, exported by
/// someone else (nil: torch exported it, and the last process unexports it).
public struct PWMTakeOver: Equatable, Sendable {
    public var found: PWMChannelState?
    public init(found: PWMChannelState?) { self.found = found }
}
