/// A short name for the terminal display and `torch status`.
extension Pattern {
    /// `steady`, `blink 1Hz` (`blink 2Hz 20%` when the duty is not 50 %), `strobe fast`,
    /// `SOS`, `morse "HI"`, `breathe 4s`, `custom`, `candle`, `readout 42`.
    public var displayName: String {
        switch self {
        case .steady:
            return "steady"
        case let .blink(on, off):
            let period = on + off
            guard period > .zero else { return "blink" }
            let hz = FrequencySyntax.format(1 / period.seconds)
            if on == off { return "blink \(hz)" }
            return "blink \(hz) \(LevelSyntax.format(on.seconds / period.seconds))"
        case let .strobe(speed):
            return "strobe \(speed.rawValue)"
        case let .morse(text, _):
            if text.uppercased() == SOSStyle.letters.text { return "SOS" }
            if text.uppercased() == SOSStyle.sign.text { return "SOS (one sign)" }
            return "morse \"\(text)\""
        case let .breathe(period, _, _):
            return "breathe \(DurationSyntax.format(period))"
        case .custom:
            return "custom"
        case let .effect(e):
            return e.kind
        case let .readout(r):
            return "readout \(r.text)"
        }
    }
}
