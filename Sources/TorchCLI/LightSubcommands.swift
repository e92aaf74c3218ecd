import TorchCore

/// The subcommands that light, darken or run the torch with no pattern options of their
/// own: on, off, toggle, strobe, run.
public enum OnSubcommand {
    public static let spec = CommandSpec(
        name: "on", overview: "Light the torch in the chosen mode (see torch mode).",
        arguments: [ArgumentSpec(name: "level", help: "Brightness 1%…100%, or a fraction with a decimal point 0.01…1.0. (default: the last brightness)", optional: true)],
        discussion: "The mode stays as chosen: only a pattern command (torch blink, torch sos…) or torch mode changes it, a level only the brightness. Stays lit until Ctrl-C, SIGTERM or --for runs out; then goes dark.") { p, light throws(UsageError) in
        var light = light
        if let level = p.positionals.first {
            do { light.brightness = try Brightness.parse(level) } catch {
                throw UsageError(message: "<level>: \(error)", command: p.command)
            }
        }
        return .on(light)
    }
}

public enum OffSubcommand {
    static let force = Flag("force", help: "Drive the output dark here even when its line or channel looks busy (not through a running service).")
    static let serviceStopped = Flag("service-stopped", help: "The service's post-stop command (ExecStopPost): like --force, but the remembered state is left as the user set it.")

    public static let spec = CommandSpec(
        name: "off", overview: "Go dark and release the hardware.",
        options: [force.spec, serviceStopped.spec]) { p, light throws(UsageError) in
        let stopped = p.isSet(serviceStopped)
        return .off(force: stopped || p.isSet(force), remember: !stopped, light)
    }
}

public enum ToggleSubcommand {
    public static let spec = CommandSpec(
        name: "toggle", overview: "Light the torch if it is dark, else go dark (from the last state).") { _, light throws(UsageError) in
        .toggle(light)
    }
}

public enum StrobeSubcommand {
    public static let spec = CommandSpec(
        name: "strobe", overview: "Strobe: the light flips every 0.8 s (slow), 0.3 s (medium) or 0.1 s (fast).",
        arguments: [ArgumentSpec(name: "speed", help: "slow, medium or fast. (default: medium)", optional: true)]) { p, light throws(UsageError) in
        let word = p.positionals.first ?? "medium"
        guard let speed = StrobeSpeed(rawValue: word) else {
            throw UsageError(message: "<speed>: '\(word)' is not valid: expected slow, medium or fast", command: p.command)
        }
        return .light(.exact(.strobe(speed)), light)
    }
}

public enum RunSubcommand {
    static let mqtt = Option<MQTTBrokerURL>("mqtt", value: "url",
                                            help: "Connect to this MQTT broker (mqtt://host[:port]), overriding [mqtt] broker.") { (t: String) throws(ValueError) in
        try MQTTBrokerURL.parse(t)
    }
    public static let spec = CommandSpec(
        name: "run", overview: "Run the torch with its button(s), from the config.", options: [mqtt.spec],
        discussion: """
        With no GPIO chip (or --backend sim) the LED is drawn in the terminal and the
        keyboard is the button:
          space      tap the ON button (two quick taps = double tap: next pattern)
          h          press and hold the ON button / let it go again
                     (held past hold-time: light while held; past long-hold: SOS)
          x          tap the OFF button (stops everything)
          + / -      brightness up / down      n  next pattern
          q, Ctrl-C  go dark and quit
        """) { p, light throws(UsageError) in
        var light = light
        light.mqttBroker = try p.value(mqtt)
        return .run(light)
    }
}
