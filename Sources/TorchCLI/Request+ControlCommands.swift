import TorchCore

extension Request {
    /// The commands this request gives the torch, in order (`ControlCommand`, the one
    /// command type): sent to a running service over its socket one line each, or given
    /// to the controller this process starts. The command line's presets (blink-speed,
    /// sos-unit, breathe-period) and a mode's name are resolved with `library`, the
    /// config's, so a name the config does not know is the command line's error.
    ///
    /// `service`: whether a running service carries them out. Without one no torch
    /// process runs, so nothing is lit, whatever the state file remembers: a toggle
    /// lights. Nil for a request no controller carries out (`run` with a service,
    /// `readout`, a local command).
    public func controlCommands(library: PatternLibrary, service: Bool) throws(PatternLibraryError) -> [ControlCommand]? {
        switch self {
        case let .light(choice, l):
            return (l.brightness.map { [ControlCommand.brightness($0)] } ?? []) + [.pattern(choice.resolve(library))]
        case let .on(l):
            return [.on(l.brightness)]
        case .off:
            return [.off]
        case let .toggle(l):
            return service ? [.toggle] : [.on(l.brightness)]
        case .status:
            return [.status]
        case let .stealth(on):
            return [.stealth(on)]
        case let .mode(name):
            return [.mode(try library.resolve(name))]
        case let .run(l):
            // `run --brightness`: the service starts at that brightness instead of the last one.
            return service ? nil : l.brightness.map { [.brightness($0)] } ?? []
        case .readout, .local:
            return nil
        }
    }
}
