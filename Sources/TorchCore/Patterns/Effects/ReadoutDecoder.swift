/// Reads a readout's blink train back into its text from the light's changes alone
/// (lit spans and the dark between them), with thresholds halfway between the
/// readout's lengths: what an observer counting blinks does. Tests check a trace with
/// it; it shares no code with `Readout`'s encoder, only the published lengths.
public enum ReadoutDecoder {
    /// One lit span and the dark after it, in nanoseconds.
    public struct Blink: Equatable, Sendable {
        public var on: Int64
        public var darkAfter: Int64
        public init(on: Int64, darkAfter: Int64) {
            self.on = on
            self.darkAfter = darkAfter
        }
    }

    /// The texts the blinks spell, one per end gap (each full repetition); a digit that
    /// mixes long and short blinks reads as `?`.
    public static func decode(_ blinks: [Blink]) -> [String] {
        func mid(_ a: Duration, _ b: Duration) -> Int64 { (a.nanoseconds + b.nanoseconds) / 2 }
        let longOn = mid(Readout.blinkOn, Readout.zeroOn)
        let digitEnd = mid(Readout.blinkOff, Readout.blinkOff + Readout.digitGap)
        let dotEnd = mid(Readout.blinkOff + Readout.digitGap, Readout.blinkOff + Readout.digitGap + Readout.dotGap)
        let numberEnd = mid(Readout.blinkOff + Readout.digitGap + Readout.dotGap,
                            Readout.blinkOff + Readout.digitGap + Readout.endGap)
        var texts: [String] = []
        var text = "", count = 0, zero = false
        for b in blinks {
            if b.on >= longOn { zero = true } else { count += 1 }
            guard b.darkAfter >= digitEnd else { continue }
            text += zero && count == 0 ? "0" : (zero ? "?" : String(count))
            count = 0
            zero = false
            if b.darkAfter >= numberEnd {
                texts.append(text)
                text = ""
            } else if b.darkAfter >= dotEnd {
                text += "."
            }
        }
        return texts
    }

    /// The blinks of a list of level changes (nanoseconds, level; lit is any level
    /// above 0), from the first lit one; the last lit span needs a dark after it.
    public static func blinks(_ changes: [(ns: Int64, level: Double)]) -> [Blink] {
        var out: [Blink] = []
        var onAt: Int64?, offAt: Int64?
        for c in changes {
            if c.level > 0 {
                if let on = onAt, let off = offAt { out.append(Blink(on: off - on, darkAfter: c.ns - off)) }
                if onAt == nil || offAt != nil { onAt = c.ns; offAt = nil }
            } else if onAt != nil, offAt == nil {
                offAt = c.ns
            }
        }
        return out
    }
}
