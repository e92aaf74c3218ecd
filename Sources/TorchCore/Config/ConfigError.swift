/// One problem in a config file, at a line. Printed as `file:line: message`, the form
/// compilers use, so editors can jump to it.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name as given to the parser (shown as written, e.g. `torch.conf`).
    public var file: String
    /// The 1-based line the problem is on.
    public var line: Int
    /// What is wrong, naming the key and what is allowed.
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `torch.conf:12: hold-time: '40q' is not valid: expected …`
    public var description: String { "\(file):\(line): \(message)" }
}

/// Every problem found in one config file, in line order (never empty).
/// The parser collects them all so a person can fix the file in one go, but shows at
/// most `shownLimit`: a file of garbage (or the wrong file) must not flood the terminal
/// or the parser's memory, and the first screenful is what a person fixes first.
public struct ConfigErrors: Error, Equatable, Sendable, CustomStringConvertible {
    /// How many errors are shown before the count of the rest.
    public static let shownLimit = 20

    /// The first errors by line (the parser keeps at most `shownLimit`).
    public var errors: [ConfigError]
    /// Errors found beyond those in `errors`, shown only as a count.
    public var omitted: Int

    public init(_ errors: [ConfigError], omitted: Int = 0) {
        self.errors = errors
        self.omitted = omitted
    }

    /// One line per error, at most `shownLimit`, then `… and N more errors`.
    public var lines: [String] {
        let more = omitted + max(0, errors.count - ConfigErrors.shownLimit)
        let shown = errors.prefix(ConfigErrors.shownLimit).map(\.description)
        guard more > 0 else { return shown }
        return shown + ["… and \(more) more error\(more == 1 ? "" : "s")"]
    }

    public var description: String { lines.joined(separator: "\n") }
}
