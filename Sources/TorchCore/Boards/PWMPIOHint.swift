extension OutputPlanner {
    /// The RP1 header chip (Raspberry Pi 5, Pi 500): its PIO block can be a PWM
    /// controller of any bank-0 line through Raspberry Pi's `pwm-pio` overlay.
    static let pioPWMChip = "pinctrl-rp1"
    /// RP1's bank 0 (GPIO0…27, the header's lines) is the one PIO can drive.
    static let pioPWMLines = 0...27

    /// For an LED pin with no hardware PWM channel on a board whose header is on RP1:
    /// `dtoverlay=pwm-pio,gpio=N` (N the BCM GPIO number), which makes RP1's PIO toggle
    /// the line with hardware timing, so torch drives it as a sysfs PWM channel instead
    /// of by software. Nil for a pin with a channel (it gets `enableHint`), another
    /// chip, a line outside bank 0 or a board without RP1.
    public static func pwmPIOHint(plan: OutputPlan, board: BoardProfile?) -> String? {
        guard plan.backend == .gpiod, plan.enableHint == nil, let board, board.gpioChip == pioPWMChip,
              let line = plan.line, let offset = Int(line), pioPWMLines.contains(offset),
              plan.gpioChip == board.gpioChip, let pin = board.pin(for: line), pin.line?.offset == offset,
              !board.pwm.contains(where: { $0.pin == pin.pin }) else { return nil }
        return "dtoverlay=pwm-pio,gpio=\(offset)"
    }
}
