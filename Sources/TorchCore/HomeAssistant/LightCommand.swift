/// A command in Home Assistant's JSON light schema, on a board's command topic or the
/// group topic: `{"state":"ON"|"OFF","brightness":1…100,"effect":NAME,"flash":SECONDS
/// |"short"|"long","transition":SECONDS}`, plus `"at"` (Unix milliseconds) on the group
/// topic. Every key is optional; an unknown key, a wrong type or an out-of-range value
/// is an error naming it (the light is left as it is).
public struct LightCommand: Equatable, Sendable {
    /// ON or OFF; nil leaves lit/dark as it is (a brightness alone).
    public var on: Bool?
    public var brightness: Brightness?
    /// A pattern name of the library.
    public var effect: String?
    /// Flash for this long, then back to what was before.
    public var flash: Duration?
    /// How long the change should take (0…3600 s). Parsed and checked; see `ControlRequest.transition`.
    public var transition: Duration?
    /// The transition asked for when it was above `maxTransition` (seconds) and so clamped
    /// to it: Home Assistant's UI offers up to 6553 s, and refusing the whole command
    /// would leave the light unchanged. The front end logs it once.
    public var clampedTransition: Double?
    /// The group's wall-clock start (Unix milliseconds) of the pattern lit.
    public var at: Int64?

    public init(on: Bool? = nil, brightness: Brightness? = nil, effect: String? = nil, flash: Duration? = nil,
                transition: Duration? = nil, at: Int64? = nil) {
        self.on = on
        self.brightness = brightness
        self.effect = effect
        self.flash = flash
        self.transition = transition
        self.at = at
    }

    public static let keys = ["state", "brightness", "effect", "flash", "transition", "at", "color_mode"]
    /// The longest transition played (seconds); a longer one is clamped to it.
    public static let maxTransition = 3600.0
    /// The longest flash accepted (seconds).
    public static let maxFlash = 3600.0

    /// Parses one payload. `group`: whether `"at"` is allowed (the group topic).
    public static func parse(_ payload: [UInt8], group: Bool) -> Result<LightCommand, ControlError> {
        let value: JSONValue
        do { value = try JSONParser(maxDepth: 4, maxBytes: 4096).parse(bytes: payload) } catch {
            return .failure(ControlError("not JSON: \(error)"))
        }
        guard case let .object(members) = value else {
            return .failure(ControlError("expected a JSON object, got \(value.kindName)"))
        }
        var c = LightCommand()
        for m in members {
            switch m.key {
            case "state":
                switch m.value.stringValue?.uppercased() {
                case "ON": c.on = true
                case "OFF": c.on = false
                default: return .failure(ControlError("state: \(m.value.jsonText) is not valid: expected \"ON\" or \"OFF\""))
                }
            case "brightness":
                guard let n = m.value.numberValue, n >= 1, n <= Double(HomeAssistantDiscovery.brightnessScale) else {
                    return .failure(ControlError("brightness: \(m.value.jsonText) is not valid: expected a number from 1 to 100 (OFF is \"state\":\"OFF\")"))
                }
                c.brightness = Brightness(clamping: n / Double(HomeAssistantDiscovery.brightnessScale))
            case "effect":
                guard let s = m.value.stringValue, !s.isEmpty else {
                    return .failure(ControlError("effect: \(m.value.jsonText) is not valid: expected a pattern name"))
                }
                c.effect = s
            case "flash":
                switch m.value {
                case .string("short"): c.flash = .seconds(HomeAssistantDiscovery.flashShort)
                case .string("long"): c.flash = .seconds(HomeAssistantDiscovery.flashLong)
                default:
                    guard let n = m.value.numberValue, n > 0, n <= maxFlash else {
                        return .failure(ControlError("flash: \(m.value.jsonText) is not valid: expected seconds above 0 and at most 3600, \"short\" or \"long\""))
                    }
                    c.flash = .seconds(fromDouble: n)
                }
            case "transition":
                guard let n = m.value.numberValue, n >= 0, n.isFinite else {
                    return .failure(ControlError("transition: \(m.value.jsonText) is not valid: expected seconds from 0 (above 3600 is played as 3600)"))
                }
                if n > maxTransition { c.clampedTransition = n }
                c.transition = .seconds(fromDouble: min(n, maxTransition))
            case "at":
                guard group else {
                    return .failure(ControlError("at: only group commands carry a start instant"))
                }
                // Whole Unix milliseconds that a double holds exactly (up to 2^53).
                guard let n = m.value.numberValue, n >= 0, n <= 9_007_199_254_740_992, n == n.rounded(),
                      let ms = Int64(exactly: n) else {
                    return .failure(ControlError("at: \(m.value.jsonText) is not valid: expected Unix milliseconds (a whole number)"))
                }
                c.at = ms
            case "color_mode":
                // Home Assistant may echo the one mode we declared.
                guard m.value.stringValue == "brightness" else {
                    return .failure(ControlError("color_mode: \(m.value.jsonText) is not valid: expected \"brightness\""))
                }
            default:
                return .failure(ControlError("unknown key '\(EchoedText.bounded(m.key))': expected \(keys.joined(separator: ", "))"))
            }
        }
        return .success(c)
    }

    /// The request this is (`ControlRequest`, the one command type), given the status
    /// now; idempotent: ON while lit asks for nothing, the pattern playing is not
    /// restarted (unless `restart`, for a group start). A flash (unless OFF) keeps of the
    /// rest only its brightness, set first, so the light comes back as it was. The group's
    /// start (`at`) needs this board's clocks: the front end adds it.
    public func request(current: TorchStatus, library: PatternLibrary, restart: Bool = false)
        -> Result<ControlRequest, ControlError> {
        var out: [ControlCommand] = []
        var pattern: Pattern? = nil
        if let effect {
            do { pattern = try library.lookup(effect) } catch {
                return .failure(ControlError("effect: \(error)"))
            }
        }
        if on == false {
            return .success(ControlRequest(commands: current.lit || current.litWhileHeld ? [.off] : [], transition: transition))
        }
        if let b = brightness, b != current.brightness || on == nil { out.append(.brightness(b)) }
        if let flash {
            return .success(ControlRequest(commands: out, transition: transition, flash: flash))
        }
        if let p = pattern, restart || p != current.pattern || !current.lit {
            out.append(.pattern(p))
        } else if on == true, !current.lit || current.litWhileHeld {
            out.append(.on(nil))
        }
        return .success(ControlRequest(commands: out, transition: transition))
    }

    /// The monotonic instant of the wall-clock start `atMs` (Unix ms), given both clocks
    /// read together now; nil when it is more than `window` away from now (a board whose
    /// clock is off, or a stale message). Arithmetic saturates.
    public static func anchor(atMs: Int64, realtimeNs: Int64, monotonic: Instant,
                              window: Duration = .seconds(60)) -> Instant? {
        let (atNs, o) = atMs.multipliedReportingOverflow(by: 1_000_000)
        guard !o else { return nil }
        let (offset, o2) = atNs.subtractingReportingOverflow(realtimeNs)
        guard !o2, offset.magnitude <= UInt64(window.nanoseconds) else { return nil }
        return monotonic + .nanoseconds(offset)
    }
}
