/// A button gesture as a Home Assistant device trigger (`automation_type: trigger`): the
/// trigger's `type` and `subtype`, and the payload torch publishes on the gesture topic.
///
/// Types are the ones Home Assistant's UI names (`mqtt/strings.json`: short, long,
/// double … quintuple press, long release; subtype `button_1` = "First button") where
/// one fits: the UI then reads "First button triple clicked". The gestures it has no
/// name for (the long hold, a 6th to 10th click, a sequence's end, a hold after clicks)
/// keep torch's own, which the UI shows as they are.
public struct GestureTrigger: Equatable, Sendable {
    /// What torch publishes on the gesture topic: the gesture's name as torch logs it
    /// (`tap`, `double-tap`), with the click's place for the 3rd to 5th (`click-3`).
    public var payload: String
    /// Home Assistant's trigger type (`button_short_press`…).
    public var type: String
    public var subtype: String

    /// The discovery object id: the payload with `-` as `_`.
    public var objectID: String { payload.replacingDashes }

    /// The clicks of a sequence that Home Assistant names: 3 → triple … 5 → quintuple.
    public static let namedClicks: [Int: String] = [3: "button_triple_press", 4: "button_quadruple_press", 5: "button_quintuple_press"]

    /// The gestures announced: every gesture but the raw press and release, with the
    /// named clicks before the rest of the clicks.
    public static let all: [GestureTrigger] = GestureKind.allCases.flatMap { kind -> [GestureTrigger] in
        guard kind == .click else { return GestureTrigger(kind).map { [$0] } ?? [] }
        return namedClicks.keys.sorted().compactMap { GestureTrigger(.click, count: $0) } + [GestureTrigger(.click)].compactMap { $0 }
    }

    /// The trigger of a gesture kind; nil for `press` and `release` (a trigger per edge
    /// would fire on every gesture). `count`: a click's place in its sequence (3…10).
    public init?(_ kind: GestureKind, count: Int? = nil) {
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
        case "click":
            if let n = count, let named = Self.namedClicks[n] {
                payload = "click-\(n)"
                type = named
            } else {
                type = "button_click"
            }
        default:
            type = "button_" + kind.rawValue.replacingDashes
        }
    }
}

extension String {
    var replacingDashes: String { String(map { $0 == "-" ? "_" : $0 }) }
}
