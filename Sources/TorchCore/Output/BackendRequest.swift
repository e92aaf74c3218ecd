/// Which backend was asked for (`--backend`, `[output] backend`): `auto` lets the output
/// planner decide from the board and the machine; `fixed` forces one. A separate type
/// from `Backend` so that code holding an output's kind never has an `auto` to handle.
public enum BackendRequest: Equatable, Sendable {
    /// Hardware PWM if the board has it, else a GPIO line, else the simulated LED.
    case auto
    /// Exactly this backend, or an error saying why it cannot be driven.
    case fixed(Backend)
}

extension BackendRequest: RawRepresentable, CaseIterable {
    /// The spelling on the command line and in the config: `auto`, `pwm`, `gpiod`, `sim`.
    public init?(rawValue: String) {
        if rawValue == "auto" {
            self = .auto
        } else if let backend = Backend(rawValue: rawValue) {
            self = .fixed(backend)
        } else {
            return nil
        }
    }

    public var rawValue: String {
        switch self {
        case .auto: "auto"
        case let .fixed(backend): backend.rawValue
        }
    }

    /// `auto` first, then every backend in `Backend`'s order (the config's error lists them so).
    public static var allCases: [BackendRequest] { [.auto] + Backend.allCases.map { .fixed($0) } }
}
