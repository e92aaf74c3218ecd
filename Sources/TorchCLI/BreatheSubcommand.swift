import TorchCore

/// `torch breathe`: a fade between two levels; no period is the config's `breathe-period`.
public enum BreatheSubcommand {
    static let period = Option("period", value: "duration", help: "One full cycle. (default: 4s)", parse: DurationSyntax.parse)
    static let min = Option("min", value: "level", help: "Lowest level, of the brightness. (default: 0%)") {
        (t: String) throws(ValueError) in try LevelSyntax.parse(t)
    }
    static let max = Option("max", value: "level", help: "Highest level, of the brightness. (default: 100%)") {
        (t: String) throws(ValueError) in try LevelSyntax.parse(t)
    }

    public static let spec = CommandSpec(
        name: "breathe", overview: "Breathe: a smooth fade up and down.",
        options: [period.spec, min.spec, max.spec]) { p, light throws(UsageError) in
        let period = try p.value(period)
        let lo = try p.value(min) ?? 0
        let hi = try p.value(max) ?? 1
        if let period, period <= .zero { throw UsageError(message: "--period: must be above zero", command: p.command) }
        guard lo < hi else {
            throw UsageError(message: "--min \(LevelSyntax.format(lo)) must be below --max \(LevelSyntax.format(hi))", command: p.command)
        }
        return .light(.breathe(period: period, minLevel: lo, maxLevel: hi), light)
    }
}
