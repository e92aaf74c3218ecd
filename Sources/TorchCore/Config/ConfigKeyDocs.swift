/// The reference text of every built-in config key, in `ConfigSchema` order (a front
/// end's section carries its own, `SectionKey`). A new key in `ConfigSchema` needs its
/// entry here (one `ConfigKeyDoc` in its section's list), or
/// `ConfigReferenceTests` fails naming it; then `make docs` regenerates `dist/torch.conf`
/// and `torch.conf(5)`. A section's opening lines are its `sectionIntros` entry.
enum ConfigKeyDocs {
    static let sectionIntros: [String: ConfigSectionIntro] = [
        "gestures": gesturesIntro,
    ]

    static let all: [ConfigKeyDoc] = light + button + gestures + output + feedback + board + service

    static let presets = PatternLibrary.builtInNames.filter { !Effect.kinds.contains($0) }

    static let light: [ConfigKeyDoc] = [
        .init("light", "brightness", "The brightness at start when no state is saved, as perceived lightness.",
              allowed: "1% to 100% (or 0.01 to 1.0)", default: "100%", example: "40%"),
        .init("light", "curve", "How perceived lightness maps to PWM duty cycle: cie (CIE 1931 lightness, so equal steps look equally bright; 50% is about 18% duty) or linear (duty = level).",
              allowed: "cie or linear", default: "cie", example: "linear"),
        .init("light", "max-brightness", "The highest level anything lights at, for a thermal or current limit: a level above it (from the command line, the web slider, MQTT, the ramp, the ceiling action, the state file) lights at it, one below it as it is (min(level, max), as the seed clamps), and status reports the level lit. The duty never exceeds the curve's duty for it (60% is about 28% duty with cie).",
              allowed: "1% to 100%", default: "100%", example: "60%"),
        .init("light", "pattern", "The pattern at start when no state is saved (a saved pattern wins, as a saved brightness does). Built in: \(presets.joined(separator: ", ")), and the effects \(Effect.kinds.joined(separator: ", ")) (an effect plays with its defaults, see torch(1), EFFECTS).",
              allowed: "a built-in name or a [pattern.NAME]", default: "steady", example: "candle"),
        .init("light", "patterns", "The patterns that \"next pattern\" (a double tap) steps through, in order: built-in names (effects too) or [pattern.NAME]s.",
              allowed: "pattern names separated by commas", default: "steady, strobe-slow, strobe-fast, sos, breathe", example: "steady, breathe, sos"),
        .init("light", "light-by-default", "Light up at every start of the service, whatever was saved (a boot-time light). A restart of the running service under systemd (systemctl restart, a package upgrade, a crash it restarts) is not a start: the light stays as it was. Cannot be combined with hold-for-light or mode = momentary.",
              allowed: "yes or no", default: "no", example: "yes"),
        .init("light", "at-start", "Without light-by-default, what a start (a boot, systemctl start) does: restore (lit if you left it lit) or off (always dark); a restart of the running service under systemd keeps the light as it was. Brightness and pattern are remembered either way; stopping the service is not a user's off.",
              allowed: "restore or off", default: "restore", example: "off"),
        .init("light", "sleep-timer", "Go dark after the light has been on this long, fading out over sleep-fade. Counted on the monotonic clock: a wall clock that steps (NTP's first sync on a board without a real-time clock) changes nothing.",
              allowed: "a duration from 1s to 24h, or off", default: "off", example: "10min"),
        .init("light", "sleep-fade", "How long the sleep timer's fade-out takes (0: straight off).",
              allowed: "a duration from 0 to 1min", default: "3s", example: "10s"),
        .init("light", "blink-speed", "The blink pattern's speed: blinks get faster towards 1, and 1 is steady light (0.5 Hz × 40^speed).",
              allowed: "a number above 0 and at most 1", default: "0.5", example: "0.7"),
        .init("light", "breathe-period", "One full breathe cycle (dark → bright → dark).",
              allowed: "a duration from 200ms to 1min", default: "4s", example: "6s"),
        .init("light", "sos-unit", "The Morse dot length of the SOS pattern, also the SOS of the button's sos action (ITU timing: dash 3 units, gaps 1, 3 and 7 units).",
              allowed: "a duration from 20ms to 1s", default: "150ms", example: "100ms"),
        .init("light", "floor", "The lowest level of a ramp (holding while lit) and the level of the floor action; lockout's momentary glow is at the floor. Not above ceiling.",
              allowed: "1% to 100%", default: "1%", example: "5%"),
        .init("light", "ceiling", "The highest level of a ramp and the level of the ceiling (turbo) action. Not below floor.",
              allowed: "1% to 100%", default: "100%", example: "80%"),
        .init("light", "memory", "What level a light from dark comes on at: automatic (the last level), manual (the manual memory level) or hybrid (the manual level after the light has been dark hybrid-after or longer, else the last level).",
              allowed: "automatic, manual or hybrid", default: "automatic", example: "hybrid"),
        .init("light", "memory-level", "The manual memory level, until the memory gesture (10c) saves the level of that moment instead (kept until the service stops).",
              allowed: "1% to 100%", default: "100%", example: "60%"),
        .init("light", "hybrid-after", "With memory = hybrid: how long the light must have been dark for a light to come on at the manual level.",
              allowed: "a duration from 1s to 24h", default: "10min", example: "30min"),
        .init("light", "transition", "Every level change (on, off, a new brightness, ceiling, floor; from the button, the socket, any front end) fades over this. A command's --transition (the protocol's \"transition\") overrides it once. Patterns keep their phase on a brightness change.",
              allowed: "a duration from 0 (instant) to 1min", default: "0", example: "500ms"),
        .init("light", "remote-flashing", "Whether the web page and MQTT (Home Assistant, the group topic) may start a pattern that flashes more than 3 times a second (WCAG 2.3.1's photosensitivity threshold, judged from the pattern's own steps: strobe-fast, the party and tactical strobes, the bike flasher, the candle's flicker, the heartbeat at its fastest). Remote front ends choose only the patterns listed in patterns (and pattern) either way, and their virtual button presses (the page's Tap, a double tap, a hold) are judged alike; with no, Home Assistant's flash plays strobe-medium instead of strobe-fast, and the web page's Allow strobe stays off. The command line and the control socket are not limited.",
              allowed: "yes or no", default: "no", example: "yes"),
    ]

    static let button: [ConfigKeyDoc] = [
        .init("button", "mode", "How the ON button behaves:", choices: [
            .init("smart", "a press lights at once; released before hold-time it stays on (a tap toggles); held past hold-time it goes dark on release (hold for light); held past long-hold (2s) from dark it starts SOS (on-long-hold); holding while lit ramps the brightness; clicks and holds do what [gestures] says"),
            .init("toggle", "a click switch: every tap toggles"),
            .init("momentary", "light only while the button is held"),
            .init("long-press", "a tap does nothing; a press held past hold-time toggles the light at that moment; the feedback line pulses at touch-down"),
        ], allowed: "smart, toggle, momentary or long-press", default: "smart", example: "toggle"),
        .init("button", "hold-for-light", "Hold for light: yes is the same as mode = momentary. Cannot be combined with light-by-default, or with another mode.",
              allowed: "yes or no", default: "no", example: "yes"),
        .init("button", "debounce", "Edges closer than this to the last accepted one are contact bounce (tactile switches bounce for 5-20ms; 'torch bench button --button-line' measures yours). Leading-edge, by torch itself with either libgpiod generation (the first edge counts at once); the kernel's debounce is not used, as it reports a press only after the line has been quiet this long.",
              allowed: "a duration from 0 to 100ms", default: "10ms", example: "20ms"),
        .init("button", "hold-time", "A press longer than this is a hold, not a tap.",
              allowed: "a duration from 10ms to 10s", default: "400ms", example: "500ms"),
        .init("button", "double-tap-window", "The longest gap between the clicks of a double tap, or of any click sequence (3c, 4h...). An action of 2 clicks or more comes this long after its last release, when a longer gesture could still follow.",
              allowed: "a duration from 10ms to 2s", default: "300ms", example: "400ms"),
        .init("button", "long-hold", "A press longer than this is a long hold (SOS by default); longer than hold-time.",
              allowed: "a duration from 100ms to 1min", default: "2s", example: "3s"),
        .init("button", "ramp-time", "Holding while lit ramps the brightness from one end to the other in this time.",
              allowed: "a duration from 100ms to 1min", default: "2s", example: "4s"),
        .init("button", "on-tap", "What a tap does: the same key as 1c in [gestures], where the actions are described.",
              allowed: "an action of [gestures] other than ramp", default: "toggle", example: "next-pattern"),
        .init("button", "on-double-tap", "What a double tap does: the same key as 2c in [gestures].",
              allowed: "an action of [gestures] other than ramp", default: "next-pattern", example: "stealth"),
        .init("button", "on-long-hold", "What a long hold (past long-hold) from dark does in smart mode.",
              allowed: "an action of [gestures] other than ramp", default: "sos", example: "stealth"),
        .init("button", "auto-lock", "Lock the button (lockout) after the light has been dark this long.",
              allowed: "a duration from 1s to 24h, or off", default: "off", example: "30min"),
        .init("button", "sunset-step", "What each acknowledgement blink of the sunset timer adds while the button is held (one blink a second); at most 24h in all.",
              allowed: "a duration from 1s to 1h", default: "5min", example: "10min"),
        .init("button", "readout", "What the readout gesture (7c) blinks out once: ip (the last part of this board's IPv4 address), temp (the CPU temperature in °C), version, or a number. A number that cannot be read (no network address, no thermal zone) is one log line, and nothing blinks.",
              allowed: ReadoutSource.allowed, default: "ip", example: "temp"),
        .init("button", "simple-ui", "Start in the Simple UI (for a child or a guest): the level is capped at simple-ui-ceiling and only 1c, 2c, 1h and the gestures mapped to lockout and simple-ui work. The simple-ui gesture (10h) switches.",
              allowed: "yes or no", default: "no", example: "yes"),
        .init("button", "simple-ui-ceiling", "The highest level in the Simple UI.",
              allowed: "1% to 100%", default: "50%", example: "30%"),
        .init("button", "chip", "The button's GPIO chip, named as gpioset does. Without it, [output] chip, else the board's header chip (by its label; gpiochip0 only on an unknown board).",
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
}
