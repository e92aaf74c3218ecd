import Testing
@testable import TorchCore

/// `torch probe`'s pwm-gpio suggestion: only for a Pi pin without a hardware channel,
/// and only when the running kernel has the driver.
@Suite struct PWMGPIOHintTests {
    static func plan(_ line: String, board: BoardProfile) -> OutputPlan {
        var output = TorchConfig.Output()
        output.line = line
        return OutputPlanner.plan(output: output, board: board, pwmChips: [], gpioChipLabels: [board.gpioChip])
    }

    @Test func aPinWithoutHardwarePWMGetsTheOverlayWhenTheKernelHasTheDriver() throws {
        let pi4 = try ShippedBoards.catalog().lookup("rpi4b")
        let plan = Self.plan("GPIO17", board: pi4)
        #expect(plan.backend == .gpiod && plan.enableHint == nil)
        #expect(OutputPlanner.pwmGPIOHint(plan: plan, board: pi4, kernelHasPWMGPIO: true) == "dtoverlay=pwm-gpio,gpio=17")
        #expect(OutputPlanner.pwmGPIOHint(plan: plan, board: pi4, kernelHasPWMGPIO: false) == nil)
        let pi5 = try ShippedBoards.catalog().lookup("rpi5")
        #expect(OutputPlanner.pwmGPIOHint(plan: Self.plan("pin11", board: pi5), board: pi5, kernelHasPWMGPIO: true)
                == "dtoverlay=pwm-gpio,gpio=17")
    }

    @Test func aPinWithAHardwareChannelGetsItsOwnOverlayInstead() throws {
        let pi4 = try ShippedBoards.catalog().lookup("rpi4b")
        let plan = Self.plan("GPIO18", board: pi4)
        #expect(plan.enableHint != nil)
        #expect(OutputPlanner.pwmGPIOHint(plan: plan, board: pi4, kernelHasPWMGPIO: true) == nil)
    }

    @Test func boardsWithoutConfigTxtGetNoOverlayLine() throws {
        let bbb = try ShippedBoards.catalog().lookup("beaglebone-black")
        let plan = Self.plan("P9_12", board: bbb)
        #expect(plan.backend == .gpiod)
        #expect(OutputPlanner.pwmGPIOHint(plan: plan, board: bbb, kernelHasPWMGPIO: true) == nil)
    }

    @Test func aLineOnAnotherChipIsNotAHeaderPin() throws {
        let pi4 = try ShippedBoards.catalog().lookup("rpi4b")
        var output = TorchConfig.Output()
        output.line = "5"
        output.chip = "gpiochip7"
        let plan = OutputPlanner.plan(output: output, board: pi4, pwmChips: [], gpioChipLabels: [pi4.gpioChip])
        #expect(OutputPlanner.pwmGPIOHint(plan: plan, board: pi4, kernelHasPWMGPIO: true) == nil)
    }
}

/// `torch probe` on a Pi 5: RP1's PIO can be a PWM controller of a header pin that has no
/// hardware channel (Raspberry Pi's `pwm-pio` overlay).
@Suite struct PWMPIOHintTests {
    @Test func aPi5PinWithoutAChannelGetsThePIOOverlay() throws {
        let pi5 = try ShippedBoards.catalog().lookup("rpi5")
        #expect(OutputPlanner.pwmPIOHint(plan: PWMGPIOHintTests.plan("pin11", board: pi5), board: pi5)
                == "dtoverlay=pwm-pio,gpio=17")
        #expect(OutputPlanner.pwmPIOHint(plan: PWMGPIOHintTests.plan("GPIO27", board: pi5), board: pi5)
                == "dtoverlay=pwm-pio,gpio=27")
    }

    @Test func aPinWithAHardwareChannelOrABoardWithoutRP1GetsNone() throws {
        let pi5 = try ShippedBoards.catalog().lookup("rpi5")
        let withChannel = PWMGPIOHintTests.plan("GPIO18", board: pi5)
        #expect(withChannel.enableHint != nil)
        #expect(OutputPlanner.pwmPIOHint(plan: withChannel, board: pi5) == nil)
        let pi4 = try ShippedBoards.catalog().lookup("rpi4b")
        #expect(OutputPlanner.pwmPIOHint(plan: PWMGPIOHintTests.plan("GPIO17", board: pi4), board: pi4) == nil)
    }
}
