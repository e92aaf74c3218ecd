/// Reading the `trigger` attribute of `/sys/class/leds/<name>/`: the kernel lists every
/// trigger it knows, space-separated, with the active one in brackets
/// (`none [mmc0] timer heartbeat`).
public enum LEDTrigger {
    /// The trigger that means "no trigger": brightness is whatever was last written.
    public static let none = "none"

    /// The bracketed (active) entry of a `trigger` file's contents, or nil when no entry
    /// is bracketed (not a kernel LED trigger file).
    public static func current(in contents: String) -> String? {
        for word in contents.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            if word.count >= 3, word.first == "[", word.last == "]" {
                return String(word.dropFirst().dropLast())
            }
        }
        return nil
    }
}
