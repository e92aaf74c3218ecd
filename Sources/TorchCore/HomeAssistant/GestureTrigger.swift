/// A button gesture as a Home Assistant device trigger (`automation_type: trigger`): the
/// trigger's `type` and `subtype`, and the payload torch publishes on the gesture topic.
public struct GestureTrigger: Equatable, Sendable {
    /// The gesture's name as torch logs it (`tap`, `double-tap`): the payload.
    public var payload: String
    /// Home Assistant's trigger type (`button_short_press`…).
    public var type: String
    public var subtype: String

    /// The discovery object id: the payload with `-` as `_`.
    public var objectID: String { payload.replacingDashes }

    /// The gestures announced: every gesture but the raw press and release.
    public static let all: [GestureTrigger] = GestureKind.allCases.compactMap(GestureTrigger.init)

    /// The trigger of a gesture kind; nil for `press` and `release` (a trigger per edge
    /// would fire on every gesture).
    public init?(_ kind: GestureKind) {
        payload = kind.rawValue
        subtype = "button_1"
        // By name, so a gesture added later gets a trigger without a change here.
        switch kind.rawValue {
        case "press", "release": return nil
        case "tap": type = "button_short_press"
        case "double-tap": type = "button_double_press"
        case "hold-start": type = "button_long_press"
        case "hold-end": type = "button_long_release"
        case "long-hold":
            type = "button_long_press"
            subtype = "long_hold"
        default:
            type = "button_" + kind.rawValue.replacingDashes
        }
    }
}

extension String {
    var replacingDashes: String { String(map { $0 == "-" ? "_" : $0 }) }
}
