#if canImport(Glibc)
import Glibc
#endif

/// The signals the torch handles, by name, so code above this layer needs no Glibc
/// constants.
public enum ProcessSignal: Sendable, CaseIterable {
    /// SIGINT: Ctrl-C; stop (dark, released).
    case interrupt
    /// SIGTERM: stop (dark, released), as systemd asks.
    case terminate
    /// SIGHUP: re-read the config.
    case hangup
    /// SIGQUIT: stop, like SIGTERM.
    case quit

    /// The kernel's signal number.
    public var number: Int32 {
        switch self {
        case .interrupt: SIGINT
        case .terminate: SIGTERM
        case .hangup: SIGHUP
        case .quit: SIGQUIT
        }
    }

    /// The signal with this number, if it is one of these.
    public init?(number: Int32) {
        guard let s = Self.allCases.first(where: { $0.number == number }) else { return nil }
        self = s
    }
}
