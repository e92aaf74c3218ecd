/// What the light does while it is on. Every pattern compiles to a `Timeline` whose
/// levels are relative to the current brightness (1 = the brightness the user chose).
public enum Pattern: Equatable, Sendable {
    /// Constant light.
    case steady
    /// On for `on`, off for `off`, forever.
    case blink(on: Duration, off: Duration)
    /// The seed app's strobe presets: flip every 0.8 s / 0.3 s / 0.1 s.
    case strobe(StrobeSpeed)
    /// Morse code of `text` with ITU timing and the given dot length (`unit`).
    /// SOS is `morse("SOS", unit: 150ms)` (`SOSStyle`).
    case morse(text: String, unit: Duration)
    /// A smooth fade between `minLevel` and `maxLevel` (0…1 of the brightness),
    /// one full cycle every `period`.
    case breathe(period: Duration, minLevel: Double, maxLevel: Double)
    /// `level duration` steps with optional ramps and a repeat count.
    case custom(CustomPattern)
    /// A light show (candle, strobes, heartbeat, …: `EffectKind.allCases`).
    case effect(Effect)
    /// A number blinked out, repeating (`Readout`).
    case readout(Readout)

    /// SOS at the seed app's default unit of 150 ms, as three letters (`SOSStyle`).
    public static let sos = Pattern.morse(text: SOSStyle.letters.text, unit: Morse.defaultSOSUnit)

    /// The timeline the scheduler plays, levels relative to the brightness.
    public func timeline() -> Timeline {
        switch self {
        case .steady:
            return .steady(1)
        case let .blink(on, off):
            return Timeline(steps: [.hold(1, on), .hold(0, off)])
        case let .strobe(speed):
            return Timeline(steps: [.hold(1, speed.flipInterval), .hold(0, speed.flipInterval)])
        case let .morse(text, unit):
            return Timeline(steps: Morse.steps(for: text, unit: unit))
        case let .breathe(period, lo, hi):
            let half = Duration.nanoseconds(period.nanoseconds / 2)
            return Timeline(steps: [.ramp(to: hi, half), .ramp(to: lo, period - half)])
        case let .custom(c):
            return c.timeline
        case let .effect(e):
            return e.timeline()
        case let .readout(r):
            return r.timeline
        }
    }
}

/// The seed app's strobe presets.
public enum StrobeSpeed: String, CaseIterable, Sendable {
    case slow, medium, fast

    /// Time between flips of the light (on → off or off → on).
    public var flipInterval: Duration {
        switch self {
        case .slow: .milliseconds(800)
        case .medium: .milliseconds(300)
        case .fast: .milliseconds(100)
        }
    }
}
