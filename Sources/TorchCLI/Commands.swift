/// Every subcommand, in the order `torch --help` lists them. A new subcommand is its
/// `CommandSpec` (options, builder) in its own file plus one line here.
enum Commands {
    static let all: [CommandSpec] = [
        OnSubcommand.spec, OffSubcommand.spec, ToggleSubcommand.spec, BlinkSubcommand.spec, StrobeSubcommand.spec,
        SOSSubcommand.spec, MorseSubcommand.spec, BreatheSubcommand.spec, PatternSubcommand.spec, ReadoutSubcommand.spec,
        ModeSubcommand.spec, StealthSubcommand.spec, ButtonSubcommand.spec, StatusSubcommand.spec, BoardsSubcommand.spec,
        ProbeSubcommand.spec, BootLineSubcommand.spec, WiringSubcommand.spec, PlotSubcommand.spec,
        BenchSubcommand.spec, RunSubcommand.spec, MQTTSubcommand.spec,
        WebLinkSubcommand.spec,
    ]

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}
