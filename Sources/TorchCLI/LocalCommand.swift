import TorchCore

/// What a subcommand that runs in this process (as boards, web-link, bench) was asked,
/// and how it runs. The executable declares such a subcommand in one file of
/// `Sources/torch/Commands` — its spec, whose builder returns `Request.local` with a
/// value of this type, and `run` — and the runner runs it once the config is loaded.
/// Nothing else names it: neither `Request`'s cases nor the runner's or the service
/// link's switches.
public protocol LocalCommand: Sendable {
    /// The common light options of a command that drives the light (`bench`): the
    /// runner lays their pins over the config's first. Nil for the others.
    var lightOptions: LightOptions? { get }
    /// True for a command that writes the config file: a `--config` file that does not
    /// exist yet is then its defaults, and made by the command (`torch setup`).
    var writesConfig: Bool { get }
    /// Runs the command and returns the process's exit code.
    func run(_ context: LocalContext) -> Int32
}

extension LocalCommand {
    public var lightOptions: LightOptions? { nil }
    public var writesConfig: Bool { false }
}

/// What a local command runs with.
public struct LocalContext: Sendable {
    /// The config, with the command line's pins laid over it.
    public var config: TorchConfig
    /// The built-in patterns and the config's `[pattern.NAME]`s.
    public var library: PatternLibrary
    /// The state file (`--state-file`, else `[service] state-file`); other files live beside it.
    public var statePath: String
    /// The config file read (`--config`, else /etc/torch/torch.conf when it exists);
    /// nil when the built-in defaults were used.
    public var configPath: String?

    public init(config: TorchConfig, library: PatternLibrary, statePath: String, configPath: String? = nil) {
        self.config = config
        self.library = library
        self.statePath = statePath
        self.configPath = configPath
    }
}
