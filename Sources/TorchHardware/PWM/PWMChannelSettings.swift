import TorchCore

/// A PWM channel's output polarity, as the sysfs `polarity` file spells it.
public enum PWMPolarity: String, Sendable, CaseIterable {
    /// High for the duty cycle, then low.
    case normal
    /// Low for the duty cycle, then high (an LED wired from the supply to the pin).
    case inversed
}

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

/// The four values of an exported channel, as its sysfs files show them.
public struct PWMChannelState: Equatable, Sendable {
    /// Period in nanoseconds (0 on a channel never configured).
    public var period: UInt64
    /// Active time per period in nanoseconds (≤ period).
    public var dutyCycle: UInt64
    public var polarity: PWMPolarity
    public var enabled: Bool

    public init(period: UInt64, dutyCycle: UInt64, polarity: PWMPolarity, enabled: Bool) {
        self.period = period
        self.dutyCycle = dutyCycle
        self.polarity = polarity
        self.enabled = enabled
    }
}
