/// Every subcommand, in the order `torch --help` lists them.
enum Commands {
    static let all: [CommandSpec] = [
        CommandSpec(
            name: "on", overview: "Light the torch: steady light at a brightness.",
            arguments: [ArgumentSpec(name: "level", help: "Brightness 1%…100% or 0.01…1. (default: the last brightness)", optional: true)],
            discussion: "Stays lit until Ctrl-C, SIGTERM or --for runs out; then goes dark."),
        CommandSpec(
            name: "off", overview: "Go dark and release the hardware.",
            options: [OptionSpec(name: "force", value: nil, help: "Drive the output dark here even when its line or channel looks busy (not through a running service)."),
                      OptionSpec(name: "service-stopped", value: nil, help: "The service's post-stop command (ExecStopPost): like --force, but the remembered state is left as the user set it.")]),
        CommandSpec(
            name: "toggle", overview: "Light the torch if it is dark, else go dark (from the last state)."),
        CommandSpec(
            name: "blink", overview: "Blink: on and off at a steady rate.",
            options: [
                OptionSpec(name: "speed", value: "s", help: "Blink speed 0…1: 0 stops, 1 is steady, faster towards 1 (0.5 Hz × 40^s). (default: 0.5)"),
                OptionSpec(name: "on", value: "duration", help: "Time on per blink (with --off)."),
                OptionSpec(name: "off", value: "duration", help: "Time off per blink (with --on)."),
                OptionSpec(name: "rate", value: "frequency", help: "Blinks per second at 50% duty, e.g. 10Hz."),
            ],
            discussion: "Give one of --speed, --rate, or --on with --off."),
        CommandSpec(
            name: "strobe", overview: "Strobe: the light flips every 0.8 s (slow), 0.3 s (medium) or 0.1 s (fast).",
            arguments: [ArgumentSpec(name: "speed", help: "slow, medium or fast. (default: medium)", optional: true)]),
        CommandSpec(
            name: "sos", overview: "Send SOS in Morse code, repeating.",
            options: [
                OptionSpec(name: "unit", value: "duration", help: "Dot length. (default: 150ms)"),
                OptionSpec(name: "wpm", value: "n", help: "Speed in words per minute (unit = 1200/WPM ms)."),
            ]),
        CommandSpec(
            name: "morse", overview: "Send any text in Morse code (ITU timing), repeating.",
            arguments: [ArgumentSpec(name: "text", help: "The message: letters, digits and common punctuation.", optional: false, variadic: true)],
            options: [
                OptionSpec(name: "wpm", value: "n", help: "Speed in words per minute. (default: 8, a 150 ms unit)"),
                OptionSpec(name: "unit", value: "duration", help: "Dot length (instead of --wpm)."),
            ]),
        CommandSpec(
            name: "breathe", overview: "Breathe: a smooth fade up and down.",
            options: [
                OptionSpec(name: "period", value: "duration", help: "One full cycle. (default: 4s)"),
                OptionSpec(name: "min", value: "level", help: "Lowest level, of the brightness. (default: 0%)"),
                OptionSpec(name: "max", value: "level", help: "Highest level, of the brightness. (default: 100%)"),
            ]),
        CommandSpec(
            name: "pattern", overview: "Play a custom pattern of level/duration steps.",
            arguments: [ArgumentSpec(name: "spec", help: "Steps 'LEVEL DURATION …', '~LEVEL' ramps to it, optional 'xN' repeats.", optional: false, variadic: true)],
            discussion: """
            EXAMPLES:
              torch pattern 100% 200ms 0 300ms          blink 200 ms on, 300 ms off, forever
              torch pattern ~100% 1s ~0 1s x3           fade up and down three times
            """),
        CommandSpec(
            name: "stealth", overview: "Turn the board's own status LEDs dark (on) or back (off), in a running torch service.",
            arguments: [ArgumentSpec(name: "state", help: "on or off.", optional: false)],
            drivesLight: false),
        CommandSpec(
            name: "status", overview: "Show the torch's state: level, pattern, backend, button mode.",
            options: [OptionSpec(name: "json", value: nil, help: "Print one JSON object.")],
            drivesLight: false),
        CommandSpec(
            name: "boards", overview: "List the known boards: header pins, PWM-capable pins, suggested wiring.",
            options: [OptionSpec(name: "json", value: nil, help: "Print JSON.")],
            drivesLight: false),
        CommandSpec(
            name: "probe", overview: "Show what this machine has and what --backend auto would choose.",
            options: [OptionSpec(name: "json", value: nil, help: "Print JSON.")],
            drivesLight: false),
        CommandSpec(
            name: "boot-line", overview: "Print the Raspberry Pi config.txt line that lights the LED pin from power-on.",
            discussion: """
            From the config's [board] name (auto: detected) and [output] line and active-low
            (without a line, the board's suggested LED pin). Add the line to
            /boot/firmware/config.txt: the firmware drives the pin at its lit level before
            Linux runs, and torch run takes the line over at that level when its start is lit.
            """,
            drivesLight: false),
        CommandSpec(
            name: "bench", overview: "Bench-test an LED and this machine: timing, button latency, PWM, sweeps.",
            arguments: [ArgumentSpec(name: "kind", help: "timing, button, pwm or sweep. (default: timing)", optional: true)],
            options: [
                OptionSpec(name: "duration", value: "duration", help: "timing: how long to play; pwm/sweep: time per step. (default: 10s / 2s)"),
                OptionSpec(name: "json", value: nil, help: "Print one JSON object instead of text."),
                OptionSpec(name: "svg", value: "file", help: "timing: write a lateness histogram and a timeline plot as SVG."),
                OptionSpec(name: "storm", value: nil, help: "timing: hand the scheduler 500 brightness changes/s meanwhile."),
                OptionSpec(name: "presses", value: "n", help: "button: presses to inject. (default: 200)"),
                OptionSpec(name: "frequencies", value: "list", help: "pwm: frequencies to try. (default: 100Hz,500Hz,1kHz,2kHz,5kHz)"),
                OptionSpec(name: "level", value: "level", help: "pwm: the duty cycle to hold. (default: 50%)"),
                OptionSpec(name: "steps", value: "n", help: "sweep: brightness steps from 1% to 100%. (default: 10)"),
                OptionSpec(name: "compare", value: nil, help: "sweep: run the cie curve, then linear, to compare."),
            ],
            discussion: """
            KINDS:
              timing   a 100 Hz blink: edge lateness p50/p99/p99.9/max, drift, CPU, wake-ups/s
              button   injected button edges → output change latency (toggle mode)
              pwm      holds --level at each PWM frequency in turn (software PWM on a GPIO
                       line or the simulated LED): duty error and CPU per frequency
              sweep    steps the brightness 1%…100% so you can watch the LED's response
            """),
        CommandSpec(
            name: "run", overview: "Run the torch with its button(s), from the config.",
            discussion: """
            With no GPIO chip (or --backend sim) the LED is drawn in the terminal and the
            keyboard is the button:
              space      tap the ON button (two quick taps = double tap: next pattern)
              h          press and hold the ON button / let it go again
                         (held past hold-time: light while held; past long-hold: SOS)
              x          tap the OFF button (stops everything)
              + / -      brightness up / down      n  next pattern
              q, Ctrl-C  go dark and quit
            """),
    ]

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}
