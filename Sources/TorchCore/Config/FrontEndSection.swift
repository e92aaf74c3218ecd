/// A `[section]` of the config file that a front end brings with it (as `[web]` and
/// `[mqtt]`): its keys, their parsing and docs, its defaults and its checks between keys,
/// all in the front end's own file. The parser, its "unknown key" and "unknown section"
/// messages and the config reference (`dist/torch.conf`, `torch.conf(5)`) take the list
/// of such sections as input, so adding a front end edits no shared config file. Its
/// value lives in `TorchConfig`, read with `config[Section.self]`.
public protocol FrontEndSection: Sendable {
    /// The section's settings: one field per key, at their documented defaults.
    associatedtype Settings: Equatable & Sendable

    /// The name in brackets, `a-z` and `-` (`web` for `[web]`).
    static var name: String { get }
    /// The section's opening lines in the reference.
    static var intro: ConfigSectionIntro { get }
    /// Its keys, in the order the reference documents them.
    static var keys: [SectionKey<Settings>] { get }
    /// The settings when the file sets nothing in the section.
    static var defaults: Settings { get }
    /// Problems between keys, found once the whole file is read; `lines` holds each key
    /// set with a valid value and its line. Each problem goes on a line of its own.
    static func check(_ settings: Settings, lines: [String: Int]) -> [SectionProblem]
}

extension FrontEndSection {
    public static func check(_ settings: Settings, lines: [String: Int]) -> [SectionProblem] { [] }
}

/// A problem between keys of a section, reported as `file:line: message`.
public struct SectionProblem: Equatable, Sendable {
    /// The 1-based line to report it on (the later key's, as for built-in sections).
    public let line: Int
    public let message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }
}
