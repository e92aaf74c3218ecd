import TorchCore

/// `torch blink`: one of --speed, --rate, or --on with --off; none is the config's
/// `blink-speed` preset.
public enum BlinkSubcommand {
    static let speed = Option("speed", value: "s", help: "Blink speed 0…1: 0 stops, 1 is steady, faster towards 1 (0.5 Hz × 40^s). (default: 0.5)",
                              parse: BlinkSpeed.parse)
    static let on = Option("on", value: "duration", help: "Time on per blink (with --off).", parse: DurationSyntax.parse)
    static let off = Option("off", value: "duration", help: "Time off per blink (with --on).", parse: DurationSyntax.parse)
    static let rate = Option("rate", value: "frequency", help: "Blinks per second at 50% duty, e.g. 10Hz.", parse: FrequencySyntax.parse)

    public static let spec = CommandSpec(
        name: "blink", overview: "Blink: on and off at a steady rate.",
        options: [speed.spec, on.spec, off.spec, rate.spec],
        discussion: "Give one of --speed, --rate, or --on with --off.") { p, light throws(UsageError) in
        // Speed 0 stops the blink: the light goes dark, and status says off (a blink with
        // no on time would be dark while status said lit).
        try choice(p).map { .light($0, light) } ?? .off(force: false, remember: true, light)
    }

    /// The blink asked for; nil: speed 0 (off).
    private static func choice(_ p: ParsedArguments) throws(UsageError) -> PatternChoice? {
        let speed = try p.value(speed)
        let on = try p.value(on)
        let off = try p.value(off)
        let rate = try p.value(rate)
        let given = [speed != nil, on != nil || off != nil, rate != nil].filter { $0 }.count
        guard given <= 1 else {
            throw UsageError(message: "give only one of --speed, --rate, or --on with --off", command: p.command)
        }
        if let on, let off {
            guard on > .zero, off > .zero else {
                throw UsageError(message: "--on and --off must both be above zero", command: p.command)
            }
            return .exact(.blink(on: on, off: off))
        }
        if on != nil || off != nil {
            throw UsageError(message: on == nil ? "--off needs --on" : "--on needs --off", command: p.command)
        }
        if let rate {
            do { return .exact(try BlinkSpeed.blink(frequency: rate, text: p.text(Self.rate))) } catch {
                throw UsageError(message: "--rate: \(error)", command: p.command)
            }
        }
        guard let speed else { return .preset("blink") }
        // Speed 0 means "stopped" (nil): the light is dark.
        return BlinkSpeed.pattern(speed: speed).map { .exact($0) }
    }
}
