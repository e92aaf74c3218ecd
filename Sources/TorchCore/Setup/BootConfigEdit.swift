/// Adds a line to a Raspberry Pi's config.txt (/boot/firmware/config.txt, or
/// /boot/config.txt before bookworm), as `torch setup` does for a PWM overlay.
public enum BootConfigEdit {
    /// `text` with `line` added at its end, where it applies to every board: under the
    /// file's last `[all]`, or a new `[all]` when a filter such as `[pi4]` or `[cm4]`
    /// is in force there (a line after it would apply to that board only). Nil when
    /// the line is already in force.
    public static func adding(_ line: String, to text: String) -> String? {
        var filter = "all"
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let t = String(raw).trimmedASCII
            if t.hasPrefix("[") && t.hasSuffix("]") { filter = String(t.dropFirst().dropLast()).lowercased(); continue }
            if t == line && filter == "all" { return nil }
        }
        var out = text
        if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
        if filter != "all" { out += "[all]\n" }
        return out + "# torch setup: hardware PWM for the LED\n" + line + "\n"
    }
}
