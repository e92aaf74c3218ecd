/// A chip as the user names it, in the forms gpioset accepts: a number (`0`), the
/// kernel name (`gpiochip0`), a path (`/dev/gpiochip0`) or the chip's label
/// (`pinctrl-bcm2711`). Labels are stable across kernels; numbers are not (Raspberry
/// Pi 5's header chip has been gpiochip4 and later gpiochip0).
public enum GPIOChipName: Equatable, Sendable, CustomStringConvertible {
    /// `/dev/gpiochipN`.
    case number(Int)
    /// The kernel name, `gpiochipN`: `/dev/gpiochipN`.
    case name(String)
    /// A device path, e.g. `/dev/gpiochip0`.
    case path(String)
    /// The chip's label, matched against every chip's label.
    case label(String)

    /// Reads one of the four forms. Never fails: anything that is not a number, a
    /// kernel name or a path is a label (an empty string is an empty label).
    public init(parsing text: String) {
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(text) {
            self = .number(n)
        } else if text.hasPrefix("/") {
            self = .path(text)
        } else if text.hasPrefix("gpiochip"), let n = Int(text.dropFirst("gpiochip".count)),
                  n >= 0, String(n) == text.dropFirst("gpiochip".count) {
            self = .name(text)
        } else {
            self = .label(text)
        }
    }

    /// The device path to open in `devDirectory`, or nil for a label (which needs a scan).
    public func path(in devDirectory: String = "/dev") -> String? {
        switch self {
        case .number(let n): return devDirectory + "/gpiochip\(n)"
        case .name(let n): return devDirectory + "/" + n
        case .path(let p): return p
        case .label: return nil
        }
    }

    public var description: String {
        switch self {
        case .number(let n): return "\(n)"
        case .name(let n): return n
        case .path(let p): return p
        case .label(let l): return l
        }
    }
}
