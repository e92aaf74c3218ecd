/// `[output]`, `[feedback]`, `[board]` and `[service]`: the pins, the board and the
/// service around the light.
extension ConfigKeyDocs {
    static let output: [ConfigKeyDoc] = [
        .init("output", "backend", "What drives the light: " + WordList.or(["auto (chosen from the board and the settings below; the simulated LED when there is no GPIO chip)"] + Backend.allCases.map { "\($0.rawValue) (\($0.summary))" }) + ".",
              allowed: WordList.or(["auto"] + Backend.allCases.map(\.rawValue)), default: "auto", example: "gpiod"),
        .init("output", "chip", "The LED's GPIO chip, for the gpiod backend (named as for [button]). Without it, the board's header chip.",
              allowed: "a number, gpiochipN, /dev/gpiochipN or the chip's label", default: nil, example: "gpiochip0"),
        .init("output", "line", "The LED's line (GPIO18 is physical pin 12 on a Raspberry Pi, with hardware PWM). Without it, the board's suggested pin.",
              allowed: "a line offset (18) or name (GPIO18)", default: nil, example: "GPIO18"),
        .init("output", "active-low", "The LED lights when its line is driven low (wired from 3V3 to the pin).",
              allowed: "yes or no", default: "no", example: "yes"),
        .init("output", "pwm-frequency", "Hardware PWM frequency. Above 1.25kHz flicker is low-risk, above 3kHz invisible (IEEE 1789).",
              allowed: "a frequency from 10Hz to 100kHz", default: "2kHz", example: "1kHz"),
        .init("output", "soft-pwm-frequency", "Software PWM frequency (GPIO line toggling). On a machine whose line writes cannot keep up with it, the real-time thread rests half the time (dark) so the service keeps answering, and says so once: lower it there.",
              allowed: "a frequency from 10Hz to 10kHz", default: "1kHz", example: "500Hz"),
        .init("output", "pwm-chip", "The PWM controller, by its device name (stable across kernels, unlike pwmchipN) or a /sys/class/pwm/pwmchipN path. Raspberry Pi 5: 1f00098000.pwm. Without it, from the board profile.",
              allowed: "a device name or a /sys/class/pwm/pwmchipN path", default: nil, example: "1f00098000.pwm"),
        .init("output", "pwm-channel", "The channel on pwm-chip (Raspberry Pi 5: channel 2 = GPIO18; Pi 1-4: channel 0). Without it, from the board profile.",
              allowed: "0 to 1023", default: nil, example: "2"),
    ]

    static let feedback: [ConfigKeyDoc] = [
        .init("feedback", "line", "An optional indicator LED or buzzer line that pulses on gestures (the phone's haptic tap); GPIO25 is physical pin 22. With the simulated LED the line is simulated: each pulse is a log line and <ns>,feedback,1 then <ns>,feedback,0 in --trace.",
              allowed: "a line offset or name", default: nil, example: "GPIO25"),
        .init("feedback", "chip", "The feedback line's chip. Without it, the button's chip (found as for [button] chip).",
              allowed: "a number, gpiochipN, /dev/gpiochipN or the chip's label", default: nil, example: "gpiochip0"),
        .init("feedback", "pulse", "How long one feedback pulse lasts.",
              allowed: "a duration from 1ms to 1s", default: "30ms", example: "50ms"),
        .init("feedback", "blink-on-pattern-change", "Pulse when the pattern changes too.",
              allowed: "yes or no", default: "no", example: "yes"),
    ]

    static let board: [ConfigKeyDoc] = [
        .init("board", "name", "The board: auto (detected from the device tree) or a board id from /usr/share/torch/boards ('torch boards' lists them).",
              allowed: "auto or a board id", default: "auto", example: "rpi4b"),
        .init("board", "stealth-leds", "The /sys/class/leds names that stealth turns off. Without it, the board's own status LEDs.",
              allowed: "none or LED names separated by commas", default: nil, example: "ACT, PWR"),
    ]

    static let service: [ConfigKeyDoc] = [
        .init("service", "socket", "The control socket.",
              allowed: "a path of 1 to 107 bytes", default: "/run/torch/torch.sock", example: "/run/torch/alt.sock"),
        .init("service", "socket-group", "The group allowed to use the control socket.",
              allowed: "a group name", default: "gpio", example: "torch"),
        .init("service", "state-file", "Where the last brightness, pattern, mode and lit state are kept, with the settings changed from the web page (written atomically).",
              allowed: "a file path", default: "/var/lib/torch/state", example: "/var/lib/torch/other-state"),
        .init("service", "scheduler-priority", "The SCHED_FIFO priority of the pattern thread.",
              allowed: "1 to 99", default: "50", example: "80"),
        .init("service", "watchdog", "Answer systemd's watchdog (WatchdogSec= in the unit).",
              allowed: "yes or no", default: "yes", example: "no"),
        .init("service", "cpu-latency", "While a pattern, a ramp or software PWM runs, hold /dev/cpu_dma_latency at 0 (as cyclictest does) so that no deep CPU idle state delays a wake-up; it is released when the light is steady or dark and when torch stops (the kernel drops it with the file, even after SIGKILL). It acts only through a cpuidle driver.",
              allowed: "yes or no", default: "yes", example: "no"),
        .init("service", "share-cpu", "At each hand-off, move the pattern thread to the CPU the event loop runs on, so that a button press handed to it preempts the loop rather than waking another CPU from idle. Only the pattern thread is pinned (a real-time thread takes its CPU from any other work); the event loop stays free to move.",
              allowed: "yes or no", default: "yes", example: "no"),
    ]
}
