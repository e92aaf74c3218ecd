import TorchCore

/// `torch button`: the virtual button of a running service.
enum ButtonSubcommand {
    static let role = Option<ButtonRole>("role", value: "on|off",
                                         help: "Which button: on (the ON button, default) or off (the OFF button).") { (t: String) throws(ValueError) in
        guard let r = ButtonRole(rawValue: t) else { throw ValueError(value: t, allowed: "on or off") }
        return r
    }

    static let spec = CommandSpec(
        name: "button", overview: "Press the virtual button of a running torch service, as the physical button does.",
        arguments: [ArgumentSpec(name: "gesture", help: "tap, double, hold DURATION, press or release.", optional: false),
                    ArgumentSpec(name: "duration", help: "How long hold holds, e.g. 1s or 2.5s.", optional: true)],
        options: [role.spec],
        discussion: """
        The presses go over the control socket to the service's gesture recognizer, the
        same one the physical button feeds, so a virtual tap, double tap or hold does
        exactly what the button does (tap: toggle; double: next pattern; hold 1s from
        dark: light while held; hold 3s from dark: SOS; see torch.conf [gestures]).
        press holds the button down until Enter, end of input or Ctrl-C: a client that
        disconnects while holding releases at once. release lets the button up, whoever
        pressed it.
        """,
        drivesLight: false) { p, _ throws(UsageError) in
        let r = try p.value(role) ?? .on
        let words = p.positionals
        let gesture: VirtualGesture
        switch words.first ?? "" {
        case "tap": gesture = .tap
        case "double": gesture = .double
        case "press": gesture = .press
        case "release": gesture = .release
        case "hold":
            guard words.count >= 2 else {
                throw UsageError(message: "hold needs <duration>: how long to hold, e.g. 1s", command: p.command)
            }
            do {
                let d = try DurationSyntax.parse(words[1])
                guard d > .zero, d <= .seconds(3600) else { throw ValueError(value: words[1], allowed: "a duration from 1ms to 1h") }
                gesture = .hold(d)
            } catch {
                throw UsageError(message: "<duration>: \(error)", command: p.command)
            }
        case let w:
            throw UsageError(message: "<gesture>: '\(w)' is not valid: expected tap, double, hold, press or release", command: p.command)
        }
        if case .hold = gesture {} else if words.count > 1 {
            throw UsageError(message: "<duration>: only hold takes a duration; got '\(words[1])' after \(words[0])", command: p.command)
        }
        return .button(gesture, r)
    }
}
