import TorchCore
import TorchHardware

/// The keyboard standing in for the push buttons when the LED is simulated.
///
/// A terminal reports key presses but not key releases, so a button press is made of
/// two keys' worth of meaning: `space` is a whole tap (down now, up `tapLength` later);
/// `h` (or Enter) puts the button down and leaves it down until `h` again, so holds of
/// any length can be made by hand.
public struct KeyboardButton {
    /// What a key asks for.
    public enum Action: Equatable {
        case edge(ButtonEdge)
        case command(ControlCommand)
        /// Brightness up or down by this fraction of full (the terminal front end makes it
        /// a `brightness` command, within 1…100 %).
        case brightnessStep(Double)
        case quit
    }

    /// How long a `space` tap keeps the button down: well under any hold time.
    public var tapLength: Duration = .milliseconds(60)
    /// True while `h` holds the ON button down.
    public private(set) var holding = false
    private var pendingReleases: [ButtonEdge] = []

    public init() {}

    /// The next synthetic release, if a tap is in progress.
    public var nextDeadline: Instant? { pendingReleases.map(\.at).min() }

    /// The actions for key bytes read at `now`.
    public mutating func handle(_ bytes: [UInt8], at now: Instant) -> [Action] {
        var out: [Action] = []
        for b in bytes {
            switch b {
            case UInt8(ascii: " "):
                guard !holding else { continue }
                out.append(.edge(ButtonEdge(role: .on, pressed: true, at: now)))
                pendingReleases.append(ButtonEdge(role: .on, pressed: false, at: now + tapLength))
            case UInt8(ascii: "h"), UInt8(ascii: "H"), 13, 10:
                holding.toggle()
                out.append(.edge(ButtonEdge(role: .on, pressed: holding, at: now)))
            case UInt8(ascii: "x"), UInt8(ascii: "X"):
                out.append(.edge(ButtonEdge(role: .off, pressed: true, at: now)))
                pendingReleases.append(ButtonEdge(role: .off, pressed: false, at: now + tapLength))
            case UInt8(ascii: "+"), UInt8(ascii: "="):
                out.append(.brightnessStep(0.1))
            case UInt8(ascii: "-"), UInt8(ascii: "_"):
                out.append(.brightnessStep(-0.1))
            case UInt8(ascii: "n"), UInt8(ascii: "N"):
                out.append(.command(.nextPattern))
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 3, 4:  // q, Ctrl-C, Ctrl-D
                out.append(.quit)
            default:
                continue
            }
        }
        return out
    }

    /// Synthetic releases due by `now`, oldest first.
    public mutating func advance(to now: Instant) -> [ButtonEdge] {
        let due = pendingReleases.filter { $0.at <= now }.sorted { $0.at < $1.at }
        pendingReleases.removeAll { $0.at <= now }
        return due
    }

    /// The line telling the user which key does what.
    public static let help =
        "keys: space tap · h hold/let go · x OFF button · +/- brightness · n next pattern · q quit"

    /// The lines under `help` that explain the status line's last word, the button mode.
    public static let modeLegend = ["button modes (button-mode in torch.conf; the status line shows which): "]
        + ButtonMode.allCases.map { "  \($0.rawValue): \($0.summary)" }
}
