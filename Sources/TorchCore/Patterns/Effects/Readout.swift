/// A number blinked out, Anduril style (its battery, temperature and version checks):
/// each digit a group of short blinks, a zero one long blink, a pause between digits, a
/// longer one at each dot (`0.1.0`, a version), and a long dark gap before it repeats.
///
/// The timing is Anduril's `blink_digit` (BLINK_SPEED 1000 ms): 167 ms on and 250 ms off
/// per blink, 667 ms more after each digit; its long blink of 500 ms (Anduril's negative
/// sign) stands for zero, which Anduril shows as a hard-to-see 10 ms blip.
public struct Readout: Equatable, Sendable {
    /// Digits, with single dots between groups of them: `42`, `0.1.0`.
    public let text: String

    /// One short blink's light.
    public static let blinkOn: Duration = .milliseconds(167)
    /// The dark after each blink of a digit.
    public static let blinkOff: Duration = .milliseconds(250)
    /// Zero's one long blink.
    public static let zeroOn: Duration = .milliseconds(500)
    /// The dark added after each digit (so between digits: 250 + 667 ms).
    public static let digitGap: Duration = .milliseconds(667)
    /// The dark added at a dot.
    public static let dotGap: Duration = .seconds(1)
    /// The dark added after the number, before it repeats.
    public static let endGap: Duration = .seconds(2)
    /// The longest text: 24 characters (at most 432 steps).
    public static let maximumLength = 24
    static let allowed = "a number of 1 to \(maximumLength) digits, or digit groups joined by single dots (42, 0.1.0)"

    /// A whole number, as its decimal digits.
    public init(number: UInt64) {
        text = String(number)
    }

    /// `42`, `007`, `0.1.0`: digits, with single dots between digit groups.
    public init(_ text: String) throws(ValueError) {
        let chars = Array(text)
        guard !chars.isEmpty, chars.count <= Self.maximumLength,
              chars.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              chars.first != ".", chars.last != ".",
              !zip(chars, chars.dropFirst()).contains(where: { $0 == "." && $1 == "." }) else {
            throw ValueError(value: text, allowed: Self.allowed)
        }
        self.text = text
    }

    /// The dark before a one-off readout: over a lit light its first blink would not
    /// show, so the light goes dark this long first.
    public static let leadIn: Duration = .seconds(1)

    /// The lead-in, the blink train once, then dark: what a one-off readout plays (the
    /// readout gesture's).
    public var once: Timeline {
        Timeline(steps: [.hold(0, Self.leadIn)] + steps, repeatCount: 1, endLevel: 0)
    }

    /// The blink train repeated forever: the `readout` pattern.
    public var timeline: Timeline {
        Timeline(steps: steps)
    }

    /// The digits in order, each dot as nil.
    public var symbols: [Int?] {
        text.map { $0 == "." ? nil : $0.wholeNumberValue }
    }

    var steps: [TimelineStep] {
        var steps: [TimelineStep] = []
        for symbol in symbols {
            guard let digit = symbol else {
                extendDark(&steps, by: Self.dotGap)
                continue
            }
            if digit == 0 {
                steps += [.hold(1, Self.zeroOn), .hold(0, Self.blinkOff)]
            } else {
                for _ in 0..<digit { steps += [.hold(1, Self.blinkOn), .hold(0, Self.blinkOff)] }
            }
            extendDark(&steps, by: Self.digitGap)
        }
        extendDark(&steps, by: Self.endGap)
        return steps
    }

    /// Lengthens the last dark step (every digit ends with one).
    private func extendDark(_ steps: inout [TimelineStep], by d: Duration) {
        guard let last = steps.last, last.level == 0 else { return }
        steps[steps.count - 1] = .hold(0, last.duration + d)
    }
}
