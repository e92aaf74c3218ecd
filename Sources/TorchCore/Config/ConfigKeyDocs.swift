/// The reference text of every config key, in `ConfigSchema` order. A new key in
/// `ConfigSchema` needs its entry here (one `ConfigKeyDoc`), or `ConfigReferenceTests`
/// fails naming it; then `make docs` regenerates `dist/torch.conf` and `torch.conf(5)`.
/// A new section may add its opening lines to `sectionIntros`.
enum ConfigKeyDocs {
    static let sectionIntros: [String: String] = [:]

    static let all: [ConfigKeyDoc] = light + button + output + feedback + board + service

    static let light: [ConfigKeyDoc] = [
        .init("light", "brightness", "The brightness at start when no state is saved, as perceived lightness.",
              allowed: "1% to 100% (or 0.01 to 1)", default: "100%", example: "40%"),
        .init("light", "curve", "How perceived lightness maps to PWM duty cycle: cie (CIE 1931 lightness, so equal steps look equally bright; 50% is about 18% duty) or linear (duty = level).",
              allowed: "cie or linear", default: "cie", example: "linear"),
        .init("light", "max-brightness", "A cap on the duty cycle, for a thermal or current limit.",
              allowed: "1% to 100%", default: "100%", example: "60%"),
        .init("light", "pattern", "The pattern at start when no state is saved (a saved pattern wins, as a saved brightness does). Built in: steady, blink, strobe-slow, strobe-medium, strobe-fast, sos, breathe.",
              allowed: "a built-in pattern name or a [pattern.NAME]", default: "steady", example: "breathe"),
        .init("light", "patterns", "The patterns that \"next pattern\" (a double tap) steps through, in order.",
              allowed: "pattern names separated by commas", default: "steady, strobe-slow, strobe-fast, sos, breathe", example: "steady, breathe, sos"),
        .init("light", "light-by-default", "Light up at every start of the service, whatever was saved (a boot-time light). Cannot be combined with hold-for-light or mode = momentary.",
              allowed: "yes or no", default: "no", example: "yes"),
        .init("light", "at-start", "Without light-by-default, what a start (a boot, a restart) does: restore (lit if you left it lit) or off (always dark). Brightness and pattern are remembered either way; stopping the service is not a user's off.",
              allowed: "restore or off", default: "restore", example: "off"),
        .init("light", "sleep-timer", "Go dark after the light has been on this long, fading out over sleep-fade.",
              allowed: "a duration from 1s to 24h, or off", default: "off", example: "10min"),
        .init("light", "sleep-fade", "How long the sleep timer's fade-out takes (0: straight off).",
              allowed: "a duration from 0 to 1min", default: "3s", example: "10s"),
        .init("light", "blink-speed", "The blink pattern's speed: blinks get faster towards 1, and 1 is steady light (0.5 Hz × 40^speed).",
              allowed: "a number above 0 and at most 1", default: "0.5", example: "0.7"),
        .init("light", "breathe-period", "One full breathe cycle (dark → bright → dark).",
              allowed: "a duration from 200ms to 1min", default: "4s", example: "6s"),
        .init("light", "sos-unit", "The Morse dot length of the SOS pattern, also the SOS of the button's sos action (ITU timing: dash 3 units, gaps 1, 3 and 7 units).",
              allowed: "a duration from 20ms to 1s", default: "150ms", example: "100ms"),
    ]

    static let button: [ConfigKeyDoc] = [
        .init("button", "mode", "How the ON button behaves. smart: a press lights at once; released before hold-time it stays on (a tap toggles); held past hold-time it goes dark on release; holding while lit ramps the brightness. toggle: a click switch, every tap toggles. momentary: light only while the button is held.",
              allowed: "smart, toggle or momentary", default: "smart", example: "toggle"),
        .init("button", "hold-for-light", "Hold for light: yes is the same as mode = momentary. Cannot be combined with light-by-default, or with another mode.",
              allowed: "yes or no", default: "no", example: "yes"),
        .init("button", "debounce", "Edges closer than this to the last accepted one are contact bounce (tactile switches bounce for 5-20ms).",
              allowed: "a duration from 0 to 100ms", default: "10ms", example: "20ms"),
        .init("button", "hold-time", "A press longer than this is a hold, not a tap.",
              allowed: "a duration from 10ms to 10s", default: "400ms", example: "500ms"),
        .init("button", "double-tap-window", "The longest gap between the two taps of a double tap.",
              allowed: "a duration from 10ms to 2s", default: "300ms", example: "400ms"),
        .init("button", "long-hold", "A press longer than this is a long hold (SOS by default); longer than hold-time.",
              allowed: "a duration from 100ms to 1min", default: "2s", example: "3s"),
        .init("button", "ramp-time", "Holding while lit ramps the brightness from one end to the other in this time.",
              allowed: "a duration from 100ms to 1min", default: "2s", example: "4s"),
        .init("button", "on-tap", "What a tap does (stealth: the board's own status LEDs go dark, and back).",
              allowed: "toggle, on, off, next-pattern, sos, stealth or none", default: "toggle", example: "next-pattern"),
        .init("button", "on-double-tap", "What a double tap does.",
              allowed: "toggle, on, off, next-pattern, sos, stealth or none", default: "next-pattern", example: "stealth"),
        .init("button", "on-long-hold", "What a long hold does.",
              allowed: "toggle, on, off, next-pattern, sos, stealth or none", default: "sos", example: "stealth"),
        .init("button", "chip", "The button's GPIO chip, named as gpioset does. Without it, the board's header chip.",
              allowed: "a number, gpiochipN, /dev/gpiochipN or the chip's label (pinctrl-bcm2711)", default: nil, example: "gpiochip0"),
        .init("button", "line", "The ON button's line (GPIO23 is physical pin 16 on a Raspberry Pi), wired to ground. Without it, there is no button.",
              allowed: "a line offset (23) or name (GPIO23)", default: nil, example: "GPIO23"),
        .init("button", "off-line", "An optional second button, on the same chip, that stops everything (GPIO24 is physical pin 18).",
              allowed: "a line offset or name", default: nil, example: "GPIO24"),
        .init("button", "bias", "The input's internal resistor.",
              allowed: "pull-up, pull-down or disabled", default: "pull-up", example: "disabled"),
        .init("button", "active-low", "Pressed reads as 0 (a button to ground with a pull-up).",
              allowed: "yes or no", default: "yes", example: "no"),
    ]

    static let output: [ConfigKeyDoc] = [
        .init("output", "backend", "What drives the light: auto (chosen from the board and the settings below; the simulated LED when there is no GPIO chip), pwm (/sys/class/pwm), gpiod (a GPIO line; dimming by software PWM) or sim (a simulated LED in the terminal).",
              allowed: "auto, pwm, gpiod or sim", default: "auto", example: "gpiod"),
        .init("output", "chip", "The LED's GPIO chip, for the gpiod backend (named as for [button]). Without it, the board's header chip.",
              allowed: "a number, gpiochipN, /dev/gpiochipN or the chip's label", default: nil, example: "gpiochip0"),
        .init("output", "line", "The LED's line (GPIO18 is physical pin 12 on a Raspberry Pi, with hardware PWM). Without it, the board's suggested pin.",
              allowed: "a line offset (18) or name (GPIO18)", default: nil, example: "GPIO18"),
        .init("output", "active-low", "The LED lights when its line is driven low (wired from 3V3 to the pin).",
              allowed: "yes or no", default: "no", example: "yes"),
        .init("output", "pwm-frequency", "Hardware PWM frequency. Above 1.25kHz flicker is low-risk, above 3kHz invisible (IEEE 1789).",
              allowed: "a frequency from 10Hz to 100kHz", default: "2kHz", example: "1kHz"),
        .init("output", "soft-pwm-frequency", "Software PWM frequency (GPIO line toggling).",
              allowed: "a frequency from 10Hz to 10kHz", default: "1kHz", example: "500Hz"),
        .init("output", "pwm-chip", "The PWM controller, by its device name (stable across kernels, unlike pwmchipN) or a /sys/class/pwm/pwmchipN path. Raspberry Pi 5: 1f00098000.pwm. Without it, from the board profile.",
              allowed: "a device name or a /sys/class/pwm/pwmchipN path", default: nil, example: "1f00098000.pwm"),
        .init("output", "pwm-channel", "The channel on pwm-chip (Raspberry Pi 5: channel 2 = GPIO18; Pi 1-4: channel 0). Without it, from the board profile.",
              allowed: "0 to 1023", default: nil, example: "2"),
    ]

    static let feedback: [ConfigKeyDoc] = [
        .init("feedback", "line", "An optional indicator LED or buzzer line that pulses on gestures (the phone's haptic tap); GPIO25 is physical pin 22.",
              allowed: "a line offset or name", default: nil, example: "GPIO25"),
        .init("feedback", "chip", "The feedback line's chip. Without it, the button's chip.",
              allowed: "a number, gpiochipN, /dev/gpiochipN or the chip's label", default: nil, example: "gpiochip0"),
        .init("feedback", "pulse", "How long one feedback pulse lasts.",
              allowed: "a duration from 1ms to 1s", default: "30ms", example: "50ms"),
        .init("feedback", "blink-on-pattern-change", "Pulse when the pattern changes too.",
              allowed: "yes or no", default: "no", example: "yes"),
    ]

    static let board: [ConfigKeyDoc] = [
        .init("board", "name", "The board: auto (detected from the device tree) or a board id ('torch boards' lists them).",
              allowed: "auto or a board id", default: "auto", example: "rpi4b"),
        .init("board", "stealth-leds", "The /sys/class/leds names that stealth turns off. Without it, the board's own status LEDs.",
              allowed: "none or LED names separated by commas", default: nil, example: "ACT, PWR"),
    ]

    static let service: [ConfigKeyDoc] = [
        .init("service", "socket", "The control socket.",
              allowed: "a path of 1 to 107 bytes", default: "/run/torch/torch.sock", example: "/run/torch/alt.sock"),
        .init("service", "socket-group", "The group allowed to use the control socket.",
              allowed: "a group name", default: "gpio", example: "torch"),
        .init("service", "state-file", "Where the last brightness, pattern and mode are kept (written atomically).",
              allowed: "a file path", default: "/var/lib/torch/state", example: "/var/lib/torch/other-state"),
        .init("service", "scheduler-priority", "The SCHED_FIFO priority of the pattern thread.",
              allowed: "1 to 99", default: "50", example: "80"),
        .init("service", "watchdog", "Answer systemd's watchdog (WatchdogSec= in the unit).",
              allowed: "yes or no", default: "yes", example: "no"),
    ]
}
