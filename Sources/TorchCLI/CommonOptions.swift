import TorchCore

/// Options every light-driving command accepts, and the ones every command accepts.
public enum CommonOptions {
    public static let backend = Option("backend", value: BackendRequest.sortedNames.joined(separator: "|"),
                                help: "Which output drives the light. (default: auto, or the config's [output] backend)") {
        (t: String) throws(ValueError) -> BackendRequest in
        guard let b = BackendRequest(rawValue: t) else { throw ValueError(value: t, allowed: BackendRequest.spelledChoices) }
        return b
    }
    static let brightness = Option("brightness", value: "level", help: "Brightness 1%…100% (default: the last brightness, else 100%).",
                                   parse: Brightness.parse)
    static let curve = Option("curve", value: "cie|linear", help: "Brightness to duty cycle mapping. (default: cie)") {
        (t: String) throws(ValueError) -> BrightnessCurve in
        guard let c = BrightnessCurve(rawValue: t) else { throw ValueError(value: t, allowed: "cie or linear") }
        return c
    }
    static let runFor = Option("for", value: "duration", help: "Run this long, then go dark and exit 0 (a sleep timer, e.g. 30s, 10min).",
                               parse: DurationSyntax.parse)
    static let transition = Option("transition", value: "duration",
                                   help: "Fade to the new level over this, 0 to 1min. (default: the config's [light] transition)") {
        (t: String) throws(ValueError) -> Duration in
        let d = try DurationSyntax.parse(t)
        guard d >= .zero, d <= .seconds(60) else { throw ValueError(value: t, allowed: "a duration from 0 to 1min") }
        return d
    }
    static let trace = Option("trace", value: "file", help: "Write every output change as '<ns since start>,<level 0.0-1.0>'.")
    static let noDisplay = Flag("no-display", help: "Do not draw the simulated LED in the terminal.")
    public static let chip = Option("chip", value: "chip", help: "GPIO chip of the LED line: 0, gpiochip0, /dev/gpiochip0 or its label.")
    static let line = Option("line", value: "line", help: "The LED's GPIO line: an offset or a name such as GPIO18.")
    static let activeLow = Option("active-low", value: "on|off", help: "The LED lights when the line is low.", parse: BoolSyntax.parse)
    public static let buttonLine = Option("button-line", value: "line", help: "The ON button's GPIO line (on the same chip unless the config says).")

    static let light: [OptionSpec] = [
        backend.spec, brightness.spec, curve.spec, runFor.spec, transition.spec, trace.spec, noDisplay.spec,
        chip.spec, line.spec, activeLow.spec, buttonLine.spec,
    ]

    static let config = Option("config", value: "file", help: "Config file. (default: /etc/torch/torch.conf if it exists)")
    static let stateFile = Option("state-file", value: "file", help: "Where the last brightness, pattern and mode are kept.")
    static let help = Flag("help", help: "Show help information.", short: "h")

    static let global: [OptionSpec] = [config.spec, stateFile.spec, help.spec]

    /// The common light options of a light-driving command.
    static func lightOptions(_ p: ParsedArguments) throws(UsageError) -> LightOptions {
        var light = LightOptions()
        guard p.command.drivesLight else { return light }
        light.backend = try p.value(backend)
        light.brightness = try p.value(brightness)
        light.curve = try p.value(curve)
        light.runFor = try p.value(runFor)
        if light.runFor == .zero { throw UsageError(message: "--for: '0' is not valid: expected a duration above zero", command: p.command) }
        light.transition = try p.value(transition)
        light.tracePath = try p.value(trace)
        light.display = !p.isSet(noDisplay)
        light.chip = try p.value(chip)
        light.line = try p.value(line)
        light.activeLow = try p.value(activeLow)
        light.buttonLine = try p.value(buttonLine)
        return light
    }

    /// `--config` and `--state-file`.
    static func globalOptions(_ p: ParsedArguments) throws(UsageError) -> GlobalOptions {
        GlobalOptions(configPath: try p.value(config), stateFilePath: try p.value(stateFile))
    }
}
