/// The light's state as Home Assistant's JSON schema reads it, published retained on
/// the state topic at every change: `{"state":"ON","brightness":N,"color_mode":
/// "brightness","effect":"steady"}` (brightness 1…100, the torch's percent, rounded).
public enum LightStateMessage {
    public static func json(_ status: TorchStatus, library: PatternLibrary) -> JSONValue {
        let percent = min(100, max(1, (status.brightness.fraction * 100).rounded()))
        return .object([
            JSONMember("state", .string(status.lit ? "ON" : "OFF")),
            JSONMember("brightness", .number(percent)),
            JSONMember("color_mode", .string("brightness")),
            JSONMember("effect", .string(effectName(status.pattern, library: library))),
        ])
    }

    /// The library's name for the pattern (what `effect_list` offers); the display name
    /// for a pattern the library does not hold (one sent as a spec).
    public static func effectName(_ pattern: Pattern, library: PatternLibrary) -> String {
        library.names.first { (try? library.lookup($0)) == pattern } ?? pattern.displayName
    }
}
