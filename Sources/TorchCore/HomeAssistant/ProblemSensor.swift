/// A problem torch reports to Home Assistant as a binary sensor of class `problem`
/// (shown under the device's diagnostics), read from the light's retained state: ON
/// while the status member of the same name is true.
public enum ProblemSensor: String, CaseIterable, Equatable, Sendable {
    /// The light sensor reads the lit LED dark (`DarkLEDWatch`).
    case ledDark = "led_dark"

    /// The entity's name in Home Assistant (after the device's).
    public var name: String {
        switch self {
        case .ledDark: "LED dark"
        }
    }

    /// Its key in the state message and the status object, and its discovery object id.
    public var key: String { rawValue }

    /// Its value in `status`: nil when torch does not watch for it.
    public func value(in status: TorchStatus) -> Bool? {
        switch self {
        case .ledDark: status.ledDark
        }
    }

    /// The problems `status` reports (watched, whether or not they are there now).
    public static func watched(in status: TorchStatus) -> [ProblemSensor] {
        allCases.filter { $0.value(in: status) != nil }
    }
}
