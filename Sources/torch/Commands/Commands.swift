import TorchCLI

/// Every subcommand, in the order `torch --help` lists them. A subcommand that drives
/// the light or asks the service is its `CommandSpec` in TorchCLI (a builder returning
/// `Request.light`, `.on`…); one that runs here is one file in this folder (its spec
/// and a `LocalCommand` that runs it). Either way, plus one line here.
enum Commands {
    static let all: [CommandSpec] = [
        OnSubcommand.spec, OffSubcommand.spec, ToggleSubcommand.spec, BlinkSubcommand.spec, StrobeSubcommand.spec,
        SOSSubcommand.spec, MorseSubcommand.spec, BreatheSubcommand.spec, PatternSubcommand.spec, ReadoutSubcommand.spec,
        ModeSubcommand.spec, StealthSubcommand.spec, ButtonCommand.spec, StatusSubcommand.spec, BoardsCommand.spec,
        SetupCommand.spec, ProbeCommand.spec, BootLineCommand.spec, WiringCommand.spec, PlotCommand.spec,
        BenchCommand.spec, CalibrateCommand.spec, RunSubcommand.spec, MQTTForgetCommand.spec,
        WebLinkCommand.spec,
    ]
}
