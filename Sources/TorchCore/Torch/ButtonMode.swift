/// How the ON button behaves (config `button-mode`).
public enum ButtonMode: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The composite switch: a press lights at once, a tap latches, a hold is
    /// hold-for-light, hold while lit ramps brightness, double tap and long hold run their
    /// actions. The default.
    case smart
    /// A click switch: each press toggles the light.
    case toggle
    /// Hold-for-light only: lit exactly while pressed (config `hold-for-light = yes`).
    case momentary
    /// The seed's lock-screen mode: a tap does nothing; a press held past the hold time
    /// toggles the light at that moment (not at release); the feedback line pulses at
    /// touch-down.
    case longPress = "long-press"

    public var description: String { rawValue }

    /// What a press does in this mode, in a few words (the terminal's legend).
    public var summary: String {
        switch self {
        case .smart: "a tap toggles, a hold lights while held, a double tap plays the next pattern"
        case .toggle: "each press toggles the light"
        case .momentary: "lit while the button is held"
        case .longPress: "a tap does nothing, a hold toggles the light"
        }
    }
}

extension ButtonMode {
    /// What takes the ON button's gestures in this mode, at the bottom of the button
    /// layers.
    var layer: any ButtonLayer {
        switch self {
        case .smart: SmartButtons()
        case .toggle: ToggleButtons()
        case .momentary: HoldForLightButtons()
        case .longPress: LongPressButtons()
        }
    }
}
