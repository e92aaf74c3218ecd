/// `[gestures]`: the actions explained once in the section's intro, then one brief
/// entry per gesture key with its default from `GestureMap.standard`.
extension ConfigKeyDocs {
    static let gesturesIntro = ConfigSectionIntro(
        "What each gesture of the ON button does in smart mode: Nc is N clicks (1 to 10), Nh is N presses with the last one held (2h: a click, then a hold). The first click never waits: its light and its action come at once; an action of 2 clicks or more comes when the sequence ends (double-tap-window after its last release). An unknown gesture or action is an error naming the line, with a did-you-mean. Actions:",
        terms: [
            .init("toggle", "on when dark, off when lit"),
            .init("on, off", "on (latched) or off"),
            .init("next-pattern", "the next of the patterns list, lit"),
            .init("sos", "SOS, lit; again: back to the chosen pattern"),
            .init("stealth", "the board's own status LEDs dark / back"),
            .init("lockout", "dark; the button then only lights the floor level while held; the same gesture unlocks (and lights)"),
            .init("momentary", "dark; the button then lights exactly while held; the same gesture goes back"),
            .init("ceiling", "lit at the ceiling (turbo)"),
            .init("floor", "lit at the floor"),
            .init("ramp", "1h only: hold for light from dark, brightness ramp while lit"),
            .init("sunset-timer", "a hold: lit, each acknowledgement blink while held adds a sunset-step; then the light dims gradually to dark over the timer"),
            .init("memory", "the level now becomes the manual memory level ([light] memory)"),
            .init("readout", "the number of [button] readout blinked out once (after 1 s dark), then the light as the sequence's first click left it; a press or a command cuts it short"),
            .init("simple-ui", "the Simple UI on / off"),
            .init("none", "nothing"),
        ])

    static let gestures: [ConfigKeyDoc] = GestureName.all.map { g in
        let action = GestureMap.standard[g]
        let what = switch g {
        case .clicks(1): "One click (the same key as [button] on-tap)."
        case .clicks(2): "Two clicks (the same key as [button] on-double-tap)."
        case let .clicks(n): "\(n) clicks."
        case .clickHold(1): "A hold from the first press."
        case .clickHold(2): "A click, then a hold."
        case let .clickHold(n): "\(n - 1) clicks, then a hold."
        }
        return ConfigKeyDoc("gestures", g.description, what, allowed: "an action above", default: action.rawValue,
                            example: action == .none ? "sos" : "none", brief: true)
    }
}
