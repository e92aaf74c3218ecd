/// Why a state file could not be read: `line 2: brightness '400%' out of range`.
public struct StateFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line, or nil when the problem is the file as a whole.
    public var line: Int?
    public var reason: String

    public init(line: Int?, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
}
