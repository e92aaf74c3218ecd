/// The carrier an output dims the LED with, whose flicker IEEE 1789-2015 judges: on/off
/// PWM at one frequency, by the PWM block, by the kernel's `pwm-gpio` timer, or by
/// torch's own real-time thread toggling a GPIO line.
public struct PWMCarrier: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Equatable, Sendable {
        /// A PWM controller through /sys/class/pwm at `[output] pwm-frequency`.
        case hardwarePWM = "hardware-pwm"
        /// The kernel's `pwm-gpio` driver (a timer toggling a line, a /sys/class/pwm
        /// channel like the others) at `[output] pwm-frequency`.
        case pwmGPIO = "pwm-gpio"
        /// torch's software PWM on a GPIO line at `[output] soft-pwm-frequency`.
        case softwarePWM = "software-pwm"
    }

    public var kind: Kind
    /// The carrier's frequency, hertz.
    public var frequency: Double

    public init(_ kind: Kind, frequency: Double) {
        self.kind = kind
        self.frequency = frequency
    }

    /// The carrier of an output as configured: `pwm` at `[output] pwm-frequency`, `gpiod`
    /// at `soft-pwm-frequency`; nil for the simulated LED, which gives no light.
    public static func configured(_ backend: Backend, _ output: TorchConfig.Output) -> PWMCarrier? {
        switch backend {
        case .pwm: PWMCarrier(.hardwarePWM, frequency: output.pwmFrequency)
        case .gpiod: PWMCarrier(.softwarePWM, frequency: output.softPWMFrequency)
        case .sim: nil
        }
    }

    /// "hardware PWM", "the kernel's pwm-gpio", "software PWM".
    public var label: String {
        switch kind {
        case .hardwarePWM: "hardware PWM"
        case .pwmGPIO: "the kernel's pwm-gpio"
        case .softwarePWM: "software PWM"
        }
    }

    /// The config key that sets its frequency.
    public var frequencyKey: String {
        kind == .softwarePWM ? "[output] soft-pwm-frequency" : "[output] pwm-frequency"
    }

    /// Its flicker at `duty` 0…1 (100 % modulation whenever dimmed).
    public func figures(duty: Double) -> FlickerFigures { .pwm(frequency: frequency, duty: duty) }

    /// Its region whenever the light is dimmed (on/off PWM: 100 % modulation).
    public var dimmedRegion: FlickerRegion { FlickerRegion.of(modulationPercent: 100, frequency: frequency) }

    /// What to change to bring it into the low-risk region; nil when it is there.
    public var advice: String? {
        guard dimmedRegion == .aboveLowRisk else { return nil }
        let low = FrequencySyntax.format(FlickerRegion.lowRiskUnlimitedAbove)
        let none = FrequencySyntax.format(FlickerRegion.noObservableEffectUnlimitedAbove)
        switch kind {
        case .hardwarePWM:
            return "set \(frequencyKey) above \(low) (above \(none): no observable effect)"
        case .pwmGPIO:
            return "set \(frequencyKey) above \(low) (above \(none): no observable effect), or drive the LED from a hardware PWM pin (torch probe)"
        case .softwarePWM:
            return "set \(frequencyKey) above \(low) where this machine keeps up (torch bench pwm), or drive the LED from a hardware PWM pin (torch probe)"
        }
    }

    /// One line for the service's log when the carrier is above IEEE 1789's low-risk
    /// region whenever the light is dimmed, with what to change; nil when it is not.
    public var runLogLine: String? {
        guard let advice else { return nil }
        let low = FrequencySyntax.format(FlickerRegion.lowRiskUnlimitedAbove)
        return "flicker: \(label) at \(FrequencySyntax.format(frequency)) modulates the light 100 % whenever it is dimmed, "
            + "above IEEE 1789's low-risk region (on/off PWM is low risk only above \(low)): \(advice)"
    }

    /// One line for `torch probe` and the bench: its frequency, modulation and region when
    /// dimmed, and its flicker index at `duty`.
    public func summary(duty: Double) -> String {
        let f = figures(duty: duty)
        return "\(label) at \(FrequencySyntax.format(frequency)): "
            + "\(DecimalSyntax.format(f.modulationPercent, maxFractionDigits: 1)) % modulation, flicker index "
            + "\(DecimalSyntax.fixed(f.flickerIndex, decimals: 2)) at \(LevelSyntax.format(duty)) duty: \(f.region.text)"
            + (f.region == .aboveLowRisk ? " (\(advice ?? ""))" : "")
    }
}
