import Testing
import TorchCore

/// Each output's carrier as configured, its region whenever dimmed, and the one line
/// `torch run` logs when it is above low risk, naming what to change.
@Suite struct PWMCarrierTests {
    @Test func eachBackendDimsWithItsOwnFrequency() {
        var output = TorchConfig.Output()
        output.pwmFrequency = 2000
        output.softPWMFrequency = 1000
        #expect(PWMCarrier.configured(.pwm, output) == PWMCarrier(.hardwarePWM, frequency: 2000))
        #expect(PWMCarrier.configured(.gpiod, output) == PWMCarrier(.softwarePWM, frequency: 1000))
        #expect(PWMCarrier.configured(.sim, output) == nil)
    }

    @Test func theDefaultsAreHardwareLowRiskAndSoftwareAbove() {
        let defaults = TorchConfig.Output()
        #expect(PWMCarrier.configured(.pwm, defaults)?.dimmedRegion == .lowRisk)
        #expect(PWMCarrier.configured(.pwm, defaults)?.runLogLine == nil)
        let soft = PWMCarrier.configured(.gpiod, defaults)
        #expect(soft?.dimmedRegion == .aboveLowRisk)
        #expect(soft?.runLogLine == "flicker: software PWM at 1kHz modulates the light 100 % whenever it is dimmed, "
            + "above IEEE 1789's low-risk region (on/off PWM is low risk only above 1.25kHz): set [output] "
            + "soft-pwm-frequency above 1.25kHz where this machine keeps up (torch bench pwm), or drive the LED "
            + "from a hardware PWM pin (torch probe)")
    }

    @Test func theAdviceNamesTheKeyOfEachCarrier() {
        let slow = PWMCarrier(.hardwarePWM, frequency: 500)
        #expect(slow.advice == "set [output] pwm-frequency above 1.25kHz (above 3kHz: no observable effect)")
        #expect(PWMCarrier(.pwmGPIO, frequency: 1250).advice?.hasPrefix("set [output] pwm-frequency above 1.25kHz") == true)
        #expect(PWMCarrier(.pwmGPIO, frequency: 1251).advice == nil)
        #expect(PWMCarrier(.softwarePWM, frequency: 5000).dimmedRegion == .noObservableEffect)
    }

    @Test func theSummaryGivesModulationIndexAndRegion() {
        #expect(PWMCarrier(.hardwarePWM, frequency: 2000).summary(duty: 0.184)
            == "hardware PWM at 2kHz: 100 % modulation, flicker index 0.82 at 18.4% duty: low risk")
        #expect(PWMCarrier(.softwarePWM, frequency: 100).summary(duty: 0.5).hasSuffix(
            "at 50% duty: above low risk (set [output] soft-pwm-frequency above 1.25kHz where this machine keeps up (torch bench pwm), or drive the LED from a hardware PWM pin (torch probe))"))
    }
}
