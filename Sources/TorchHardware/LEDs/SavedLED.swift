/// One status LED as it was before stealth: its trigger and, for trigger `none`, the
/// brightness to put back (0…`max_brightness`, the kernel's raw units).
public struct SavedLED: Equatable, Sendable {
    /// The directory name under /sys/class/leds, e.g. `ACT` or `mmc0::`.
    public var name: String
    /// The active trigger, e.g. `mmc0`, `heartbeat` or `none`.
    public var trigger: String
    /// The `brightness` value read before going dark.
    public var brightness: Int

    public init(name: String, trigger: String, brightness: Int) {
        self.name = name
        self.trigger = trigger
        self.brightness = brightness
    }
}

/// The save file that lets a restarted service put the LEDs back after a run died in
/// stealth: one `name trigger brightness` line per LED, `#` comments, blank lines ignored.
public enum SavedLEDFile {
    static let header = "# torch: status LEDs darkened for stealth (name trigger brightness); restored at the next start\n"

    /// The file's text for `leds`.
    public static func encode(_ leds: [SavedLED]) -> String {
        header + leds.map { "\($0.name) \($0.trigger) \($0.brightness)\n" }.joined()
    }

    /// The LEDs in a save file. `path` only names the file in errors
    /// ("PATH:LINE: expected 'name trigger brightness', found '…'").
    public static func decode(_ text: String, path: String) throws(HardwareError) -> [SavedLED] {
        var leds: [SavedLED] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = trimmed(raw)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard fields.count == 3, isSafeName(fields[0]), !fields[1].isEmpty,
                  let brightness = Int(fields[2]), brightness >= 0 else {
                throw HardwareError("\(path):\(index + 1): expected 'name trigger brightness', found '\(line)'",
                                    errno: 0)
            }
            leds.append(SavedLED(name: fields[0], trigger: fields[1], brightness: brightness))
        }
        return leds
    }

    /// The line without surrounding spaces, tabs or a CR (a file edited on another system).
    static func trimmed(_ line: Substring) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let start = line.firstIndex(where: { !isSpace($0) }),
              let end = line.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(line[start...end])
    }

    /// A name that stays inside the LED class directory: a corrupt file must not make
    /// the service write to `../../something`.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/")
    }
}
