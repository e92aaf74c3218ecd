/// What the torch remembers across restarts. The engine maps it to and from the state
/// machine's `PersistentState`; the pattern and mode are kept as text here (checked by
/// `StateFileFormat.decode`, which reads the pattern through `Pattern.parseCanonical`).
public struct StateRecord: Equatable, Sendable {
    /// The last brightness, 1…100 %.
    public var brightness: Brightness
    /// The last pattern as canonical pattern text (one line).
    public var pattern: String
    /// The last button mode: `smart`, `toggle` or `momentary`.
    public var buttonMode: String
    /// Whether the light was on.
    public var lit: Bool

    public init(brightness: Brightness, pattern: String, buttonMode: String, lit: Bool) {
        self.brightness = brightness
        self.pattern = pattern
        self.buttonMode = buttonMode
        self.lit = lit
    }
}
