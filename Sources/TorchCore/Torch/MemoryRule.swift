/// What level a light from dark comes on at (config `[light] memory`, Anduril's memory).
public enum MemoryRule: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The last level (the default).
    case automatic
    /// The manual memory level (`memory-level`, or the last `memory` gesture's save).
    case manual
    /// The manual level after the light has been dark `hybrid-after` or longer, else the last.
    case hybrid

    public var description: String { rawValue }
}
