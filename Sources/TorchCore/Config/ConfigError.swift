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
/// The parser collects them all so a person can fix the file in one go.
public struct ConfigErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public var errors: [ConfigError]

    public init(_ errors: [ConfigError]) { self.errors = errors }

    /// One error per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
