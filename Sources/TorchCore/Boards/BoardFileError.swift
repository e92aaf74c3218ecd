/// One problem in a board file, at a line: `rpi5.board:12: message`, like config errors.
public struct BoardFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name as given to the parser (e.g. `rpi5.board`).
    public var file: String
    /// The 1-based line the problem is on.
    public var line: Int
    /// What is wrong, naming the key or pin and what is allowed.
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}

/// Every problem found in board files, in file and line order (never empty).
public struct BoardFileErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public var errors: [BoardFileError]

    public init(_ errors: [BoardFileError]) { self.errors = errors }

    /// One error per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
