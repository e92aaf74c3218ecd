/// Settings that are valid alone but not together. Each error names both keys and
/// both lines, and is reported on the later line.
extension ConfigParser {
    mutating func checkCombinations() {
        let holdForLight = enabled("button.hold-for-light")
        let lightByDefault = enabled("light.light-by-default")
        let mode = settings["button.mode"]

        if let holdForLight, let lightByDefault {
            conflict(holdForLight, lightByDefault,
                     "hold-for-light lights only while the button is held, so the light cannot also be lit at start; turn one of them off")
        } else if let mode, mode.value == TorchConfig.ButtonMode.momentary.rawValue, let lightByDefault {
            conflict(mode, lightByDefault,
                     "momentary mode lights only while the button is held, so the light cannot also be lit at start; change one of them")
        }
        if let holdForLight, let mode, mode.value != TorchConfig.ButtonMode.momentary.rawValue {
            conflict(holdForLight, mode, "hold-for-light means mode = momentary; remove one of them")
        }
        if holdForLight != nil { config.button.mode = .momentary }
        if config.light.floor > config.light.ceiling {
            let f = settings["light.floor"], c = settings["light.ceiling"]
            if let f, let c {
                conflict(f, c, "floor must not be above ceiling")
            } else if let one = f ?? c {
                let message = "\(one.key) = \(one.value): floor (\(config.light.floor)) must not be above ceiling (\(config.light.ceiling))"
                error(one.line, message)
            }
        }
        // One gesture, two names: [button] on-tap is [gestures] 1c, on-double-tap 2c.
        for (old, new) in [("on-tap", "1c"), ("on-double-tap", "2c")] {
            if let a = settings["button.\(old)"], let b = settings["gestures.\(new)"] {
                conflict(a, b, "\(old) and \(new) name the same gesture; keep one of them")
            }
        }

        let hold = settings["button.hold-time"], long = settings["button.long-hold"]
        if (hold != nil || long != nil), config.button.longHold <= config.button.holdTime {
            let holdText = DurationSyntax.format(config.button.holdTime)
            let longText = DurationSyntax.format(config.button.longHold)
            switch (long, hold) {
            case let (long?, hold?):
                let (later, earlier) = long.line >= hold.line ? (long, hold) : (hold, long)
                let laterText = later.key == "long-hold" ? longText : holdText
                let earlierText = earlier.key == "long-hold" ? longText : holdText
                error(later.line, "\(later.key) (\(laterText)) and \(earlier.key) (\(earlierText)) on line \(earlier.line) do not fit: long-hold must be longer than hold-time")
            case let (long?, nil):
                error(long.line, "long-hold (\(longText)) must be longer than hold-time (\(holdText), the default)")
            case let (nil, hold?):
                error(hold.line, "hold-time (\(holdText)) must be shorter than long-hold (\(longText), the default)")
            case (nil, nil):
                break
            }
        }
    }

    /// Each front end's section's own checks, given the lines of its keys set.
    mutating func checkSections() {
        for section in sections {
            guard let check = section.check else { continue }
            let prefix = section.name + "."
            var lines: [String: Int] = [:]
            for (id, setting) in settings where id.hasPrefix(prefix) { lines[setting.key] = setting.line }
            for problem in check(config, lines) { error(problem.line, problem.message) }
        }
    }

    /// The setting when it was given and reads as on.
    func enabled(_ id: String) -> Setting? {
        guard let s = settings[id], (try? BoolSyntax.parse(s.value)) == true else { return nil }
        return s
    }

    /// "B = y conflicts with A = x on line N: why", on the later of the two lines.
    mutating func conflict(_ a: Setting, _ b: Setting, _ why: String) {
        let (later, earlier) = a.line >= b.line ? (a, b) : (b, a)
        error(later.line, "\(later.key) = \(later.value) conflicts with \(earlier.key) = \(earlier.value) on line \(earlier.line): \(why)")
    }
}
