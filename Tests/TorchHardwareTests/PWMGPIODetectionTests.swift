import Testing
import TorchCore
@testable import TorchHardware

/// Whether the running kernel has pwm-gpio, from a fake machine root.
@Suite struct PWMGPIODetectionTests {
    @Test func aRegisteredDriverIsFoundInSysfs() throws {
        let root = try FakeMachineRoot()
        root.directory("sys/bus/platform/drivers/pwm-gpio")
        #expect(MachineProbe(root: root.path).pwmGPIODriver() == "/sys/bus/platform/drivers/pwm-gpio")
    }

    @Test func aBuiltInOrModularDriverIsFoundInTheRunningKernelsModuleLists() throws {
        let root = try FakeMachineRoot()
        try root.file("proc/sys/kernel/osrelease", "6.12.34+rpt-rpi-v8\n")
        try root.file("lib/modules/6.12.34+rpt-rpi-v8/modules.builtin", "kernel/drivers/gpio/gpio-sim.ko\n")
        try root.file("lib/modules/6.12.34+rpt-rpi-v8/modules.dep",
                      "kernel/drivers/pwm/pwm-bcm2835.ko.xz:\nkernel/drivers/pwm/pwm-gpio.ko.xz:\n")
        #expect(MachineProbe(root: root.path).pwmGPIODriver() == "/lib/modules/6.12.34+rpt-rpi-v8/modules.dep")
        try root.file("lib/modules/6.12.34+rpt-rpi-v8/modules.builtin", "kernel/drivers/pwm/pwm-gpio.ko\n")
        #expect(MachineProbe(root: root.path).pwmGPIODriver() == "/lib/modules/6.12.34+rpt-rpi-v8/modules.builtin")
    }

    @Test func a61KernelHasNone() throws {
        let root = try FakeMachineRoot()
        try root.file("proc/sys/kernel/osrelease", "6.1.0-rpi7-rpi-v8\n")
        try root.file("lib/modules/6.1.0-rpi7-rpi-v8/modules.dep",
                      "kernel/drivers/pwm/pwm-bcm2835.ko.xz:\nkernel/drivers/pwm/pwm-gpio-fan.ko.xz:\n")
        #expect(MachineProbe(root: root.path).pwmGPIODriver() == nil)
        // Another release's lists do not count.
        try root.file("lib/modules/6.12.34/modules.builtin", "kernel/drivers/pwm/pwm-gpio.ko\n")
        #expect(MachineProbe(root: root.path).pwmGPIODriver() == nil)
    }

    /// RP1's PIO PWM driver is looked for the same way, by its own module name only.
    @Test func thePi5PIODriverIsFoundByItsOwnName() throws {
        let root = try FakeMachineRoot()
        try root.file("proc/sys/kernel/osrelease", "6.12.47+rpt-rpi-2712\n")
        try root.file("lib/modules/6.12.47+rpt-rpi-2712/modules.dep",
                      "kernel/drivers/pwm/pwm-gpio.ko.xz:\nkernel/drivers/misc/rp1-pio.ko.xz:\n")
        #expect(MachineProbe(root: root.path).pwmPIODriver() == nil)
        try root.file("lib/modules/6.12.47+rpt-rpi-2712/modules.dep",
                      "kernel/drivers/pwm/pwm-pio-rp1.ko.xz: kernel/drivers/misc/rp1-pio.ko.xz\n")
        #expect(MachineProbe(root: root.path).pwmPIODriver() == "/lib/modules/6.12.47+rpt-rpi-2712/modules.dep")
        #expect(MachineProbe(root: root.path).pwmGPIODriver() == nil)
    }

    @Test func noKernelFilesIsNone() throws {
        let root = try FakeMachineRoot()
        #expect(MachineProbe(root: root.path).pwmGPIODriver() == nil)
    }
}
