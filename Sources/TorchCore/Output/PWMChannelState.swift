/// A PWM channel's output polarity, as the sysfs `polarity` file spells it.
public enum PWMPolarity: String, Sendable, CaseIterable {
    /// High for the duty cycle, then low.
    case normal
    /// Low for the duty cycle, then high (an LED wired from the supply to the pin).
    case inversed
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
