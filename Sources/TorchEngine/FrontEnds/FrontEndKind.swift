import TorchCore

/// A kind of front end with its own config section (as the web page and MQTT): how one
/// starts from its section's settings and what the shell gives it. The executable keeps
/// one list of kinds (its composition root): the config is parsed with their sections,
/// and each kind is started from the result. Adding one is one file (its section, its
/// kind, its `FrontEnd`) and one line in that list: no shared file names it.
public protocol FrontEndKind: Sendable {
    associatedtype Section: FrontEndSection

    /// The front end its settings ask for, nil when they leave it off. A failure is the
    /// one log line the service writes for it (naming its section, as `[web] listen:
    /// …; no web page`); the light and the other ways in go on without it.
    func start(_ settings: Section.Settings, _ shell: FrontEndShell) throws(FrontEndStartFailure) -> (any FrontEnd)?
}

extension FrontEndKind {
    /// Its section, for the parser's list.
    public var section: any FrontEndSection.Type { Section.self }

    /// Starts it from its section of `config`.
    public func start(from config: TorchConfig, _ shell: FrontEndShell) throws(FrontEndStartFailure) -> (any FrontEnd)? {
        try start(config[Section.self], shell)
    }
}

/// Why a front end did not start: the whole log line, naming its section.
public struct FrontEndStartFailure: Error, Sendable, CustomStringConvertible {
    public let line: String

    public init(_ line: String) { self.line = line }

    public var description: String { line }
}
