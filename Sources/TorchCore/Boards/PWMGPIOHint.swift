extension OutputPlanner {
    /// For an LED pin with no hardware PWM channel on a Raspberry Pi whose kernel has the
    /// `pwm-gpio` driver (6.12 and later): the config.txt line that makes a kernel PWM
    /// controller of that pin, `dtoverlay=pwm-gpio,gpio=N` (N the line's offset on the
    /// header chip, which is the BCM GPIO number). The kernel then toggles the line from
    /// an hrtimer instead of torch's thread. Nil otherwise: a pin that has a hardware
    /// channel gets `enableHint` instead; other boards have no config.txt.
    public static func pwmGPIOHint(plan: OutputPlan, board: BoardProfile?, kernelHasPWMGPIO: Bool) -> String? {
        guard kernelHasPWMGPIO, plan.backend == .gpiod, plan.enableHint == nil, let board,
              board.compatible.contains(where: { $0.hasPrefix("raspberrypi,") }),
              let line = plan.line, let offset = Int(line), plan.gpioChip == board.gpioChip,
              let pin = board.pin(for: line), pin.line?.offset == offset,
              !board.pwm.contains(where: { $0.pin == pin.pin }) else { return nil }
        return "dtoverlay=pwm-gpio,gpio=\(offset)"
    }
}
