extension BoardProfile {
    /// The header pin a user means by `spec`, in the forms the config and CLI take:
    /// `pin12` (physical pin 12), `P9_14` or `P9.14` (a header pin id), `18` (line
    /// offset 18 on `chip`, default the board's header chip, as gpioset reads it),
    /// or a line name or alias such as `GPIO18` (case-insensitive). Nil when none.
    public func pin(for spec: String, chip: String? = nil) -> HeaderPin? {
        let s = spec.trimmedASCII
        let lower = s.lowercased()
        if lower.hasPrefix("pin") {
            let id = String(s.dropFirst(3)).trimmedASCII
            if let p = header.first(where: { $0.pin.lowercased() == id.lowercased() }) { return p }
        }
        let asID = lower.replacingDots()
        if !s.allSatisfy(\.isNumber), let p = header.first(where: { $0.pin.lowercased() == asID }) { return p }
        if !s.isEmpty, s.allSatisfy(\.isNumber), let offset = Int(s) {
            let onChip = chip ?? gpioChip
            return header.first { $0.line?.offset == offset && $0.line?.chip == onChip }
        }
        return header.first { $0.line?.names.contains { $0.lowercased() == lower } ?? false }
    }

    /// The hardware PWM channel of the line `spec` names (any form `pin(for:)` takes);
    /// nil when the pin has none on this board.
    public func pwmChannel(forLine spec: String, chip: String? = nil) -> BoardPWM? {
        guard let p = pin(for: spec, chip: chip), p.line != nil else { return nil }
        return pwm.first { $0.pin == p.pin }
    }

    /// The closest line name or pin id to a spec that named nothing, for "did you mean".
    public func pinSuggestion(for spec: String) -> String? {
        var candidates: [String] = []
        for p in header {
            guard let line = p.line else { continue }
            candidates += line.names
            candidates.append(p.pin.first?.isNumber == true ? "pin\(p.pin)" : p.pin)
        }
        return ConfigSuggestion.closest(to: spec, in: candidates)
    }

    /// The header pin with id `pin` (as in `led = 12`), if it is described.
    public func headerPin(_ pin: String) -> HeaderPin? {
        header.first { $0.pin == pin }
    }
}

extension String {
    /// `P9.14` → `p9_14` spelling: BeagleBone pins are written both ways.
    fileprivate func replacingDots() -> String {
        String(map { $0 == "." ? "_" : $0 })
    }
}
