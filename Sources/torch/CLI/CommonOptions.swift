import TorchCore

/// Options every light-driving command accepts.
enum CommonOptions {
    static let light: [OptionSpec] = [
        OptionSpec(name: "backend", value: BackendRequest.sortedNames.joined(separator: "|"),
                   help: "Which output drives the light. (default: auto, or the config's [output] backend)"),
        OptionSpec(name: "brightness", value: "level", help: "Brightness 1%…100% (default: the last brightness, else 100%)."),
        OptionSpec(name: "curve", value: "cie|linear", help: "Brightness to duty cycle mapping. (default: cie)"),
        OptionSpec(name: "for", value: "duration", help: "Run this long, then go dark and exit 0 (a sleep timer, e.g. 30s, 10min)."),
        OptionSpec(name: "trace", value: "file", help: "Write every output change as '<ns since start>,<level 0.0-1.0>'."),
        OptionSpec(name: "no-display", value: nil, help: "Do not draw the simulated LED in the terminal."),
        OptionSpec(name: "chip", value: "chip", help: "GPIO chip of the LED line: 0, gpiochip0, /dev/gpiochip0 or its label."),
        OptionSpec(name: "line", value: "line", help: "The LED's GPIO line: an offset or a name such as GPIO18."),
        OptionSpec(name: "active-low", value: "on|off", help: "The LED lights when the line is low."),
        OptionSpec(name: "button-line", value: "line", help: "The ON button's GPIO line (on the same chip unless the config says)."),
    ]
    static let global: [OptionSpec] = [
        OptionSpec(name: "config", value: "file", help: "Config file. (default: /etc/torch/torch.conf if it exists)"),
        OptionSpec(name: "state-file", value: "file", help: "Where the last brightness, pattern and mode are kept."),
        OptionSpec(name: "help", value: nil, help: "Show help information.", short: "h"),
    ]
}
