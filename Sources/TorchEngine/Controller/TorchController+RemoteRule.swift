import TorchCore

/// The owner's rule for remote front ends (`RemotePatternRule`), enforced here, where
/// every front end's command arrives: a page's script or a broker cannot get round it.
extension TorchController {
    /// The rule for the settings in force (a reload replaces it).
    public var remoteRule: RemotePatternRule { RemotePatternRule(settings: settings.torch) }

    /// Nil when `origin` may carry out `commands` at `time`; else the refusal. The
    /// commands are tried on a copy of the state machine (a value), so they are judged by
    /// what they would play.
    func remoteRefusal(_ commands: [TorchCommand], from origin: CommandOrigin, at time: Instant,
                       transition: Duration?) -> ControlError? {
        guard origin.isRemote, !commands.isEmpty else { return nil }
        var before = machine
        before.advance(to: time)
        var after = before
        for c in commands { after.handle(c, at: time, transition: transition) }
        return remoteRule.refusal(before: before, after: after, name: patternName).map { ControlError($0) }
    }

    /// What Home Assistant's flash plays for `origin`: strobe-fast for the owner's own
    /// front ends or with `[light] remote-flashing = yes`, else strobe-medium (below
    /// three flashes a second).
    public func flashPattern(for origin: CommandOrigin) -> Pattern {
        let fast = !origin.isRemote || settings.torch.remoteFlashing
        return (try? settings.library.lookup(fast ? "strobe-fast" : "strobe-medium")) ?? .strobe(fast ? .fast : .medium)
    }

    /// The library's names a remote front end may choose (the web page's buttons).
    public var remotePatternNames: [String] {
        let rule = remoteRule
        return settings.library.names.filter { name in
            guard let p = try? settings.library.lookup(name) else { return false }
            return rule.patterns.contains(p)
        }
    }

    /// Of those, the names that flash more than three times a second (behind the page's
    /// "Allow strobe", which shows `[light] remote-flashing`).
    public var flashingPatternNames: [String] {
        remotePatternNames.filter { name in
            (try? settings.library.lookup(name)).map(FlashRate.exceedsThreshold) ?? false
        }
    }
}

extension TorchController {
    /// Hands a button's gestures to the state machine. While a remote front end's
    /// virtual presses drive the button (`remoteDriver`), each gesture is judged like
    /// that front end's commands: a double tap from the page cannot cycle onto a
    /// flashing pattern the owner did not allow remotely, nor a hold start one. A
    /// refused gesture leaves the light as it was, with one log line.
    func applyGestures(_ gestures: [Gesture], from role: ButtonRole) {
        noteStuckButtons()
        guard let origin = remoteDriver[role] else {
            for g in gestures { machine.handle(g, from: role) }
            return
        }
        let rule = remoteRule
        for g in gestures {
            var after = machine
            after.handle(g, from: role)
            if let refusal = rule.refusal(before: machine, after: after, name: patternName) {
                log("button (\(role)): \(origin.rawValue) gesture refused: \(refusal)", .notice)
                continue
            }
            machine = after
        }
    }
}
