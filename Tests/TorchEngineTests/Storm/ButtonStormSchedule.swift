import TorchCore

/// A seeded schedule of whole gestures on one button, each press and release a bounce
/// train, spaced so that every gesture is unambiguous under the default timing (10 ms
/// debounce, 400 ms hold, 300 ms double-tap window): the storm test knows exactly what
/// the recognizer must make of it.
struct ButtonStormSchedule {
    enum Gesture: CaseIterable {
        /// One press of 60–150 ms.
        case tap
        /// Two presses of 60–120 ms, the second 100–200 ms after the first's release.
        case doubleTap
        /// One press of 1 s: a hold, never a long hold (2 s).
        case hold

        var presses: Int { self == .doubleTap ? 2 : 1 }
    }

    /// Edges in timestamp order, grouped by bounce train (one train is one read).
    private(set) var trains: [[ButtonEdge]] = []
    private(set) var gestures: [Gesture] = []
    /// After the last train's bounce has settled.
    private(set) var end: Instant = .zero

    static let ms: Int64 = 1_000_000

    /// Gestures until `presses` presses, starting at `start`.
    init(presses: Int, seed: UInt64, start: Instant) {
        var rng = SplitMix64(seed: seed)
        var t = start.nanoseconds
        var count = 0
        while count < presses {
            var g = Gesture.allCases.randomElement(using: &rng) ?? .tap
            if g == .doubleTap && count + 2 > presses { g = .tap }
            gestures.append(g)
            count += g.presses
            switch g {
            case .tap:
                t = press(at: t, down: Int64.random(in: 60...150, using: &rng) * Self.ms, &rng)
            case .doubleTap:
                t = press(at: t, down: Int64.random(in: 60...120, using: &rng) * Self.ms, &rng)
                t += Int64.random(in: 100...200, using: &rng) * Self.ms
                t = press(at: t, down: Int64.random(in: 60...120, using: &rng) * Self.ms, &rng)
            case .hold:
                t = press(at: t, down: 1000 * Self.ms, &rng)
            }
            // Far beyond the double-tap window and every bounce window.
            t += Int64.random(in: 600...900, using: &rng) * Self.ms
        }
        end = Instant(nanoseconds: t)
    }


    /// A press at `t` held `down`, both edges bouncing; returns the release instant.
    private mutating func press(at t: Int64, down: Int64, _ rng: inout SplitMix64) -> Int64 {
        trains.append(Self.bounce(to: true, at: t, &rng))
        trains.append(Self.bounce(to: false, at: t + down, &rng))
        return t + down
    }

    /// A bounce train settling at `level`: an odd number of alternating edges (1–49, so it
    /// ends at `level`), 0–20 ms long, every gap under the 10 ms debounce so the
    /// recognizer sees one change (a gap of 10 ms or more would be a real release).
    static func bounce(to level: Bool, at t: Int64, _ rng: inout SplitMix64) -> [ButtonEdge] {
        // Most trains are short, as real contacts' are, but every length up to 49 occurs
        // (the cube skews towards few edges: about 13 on average, which keeps the
        // storm's half a million reads to a quarter million).
        let u = Double.random(in: 0..<1, using: &rng)
        let count = 2 * Int(25 * u * u * u) + 1
        let gaps = count - 1
        // Each gap is at most 2 × length / count < 10 ms (weights in 1…2, length ≤ 5 ms a gap).
        let length = min(Int64.random(in: 0...(20 * ms), using: &rng), Int64(gaps) * 5 * ms)
        let weights = (0..<gaps).map { _ in Double.random(in: 1...2, using: &rng) }
        let total = weights.reduce(0, +)
        var edges = [ButtonEdge(role: .on, pressed: level, at: Instant(nanoseconds: t))]
        var sum = 0.0
        for (i, w) in weights.enumerated() {
            sum += w
            let at = t + Int64((Double(length) * sum / total).rounded())
            edges.append(ButtonEdge(role: .on, pressed: (i % 2 == 0) ? !level : level, at: Instant(nanoseconds: at)))
        }
        return edges
    }

    /// What the recognizer must report, by the controller's feedback pulses: a double tap
    /// is a tap (its first press) then a double tap; a 1 s hold is one hold start.
    var expectedPulses: [GestureKind: Int] {
        var pulses: [GestureKind: Int] = [:]
        for g in gestures {
            switch g {
            case .tap: pulses[.tap, default: 0] += 1
            case .doubleTap: pulses[.tap, default: 0] += 1; pulses[.doubleTap, default: 0] += 1
            case .hold: pulses[.holdStart, default: 0] += 1
            }
        }
        return pulses
    }

    /// Lit at the end, in smart mode with the default actions: a tap toggles, a double
    /// tap's first press toggles and its second lights (next pattern), and a hold leaves
    /// the light as it was (from dark it is hold-for-light, lit it ramps).
    var expectedLit: Bool {
        var lit = false
        for g in gestures {
            switch g {
            case .tap: lit.toggle()
            case .doubleTap: lit = true
            case .hold: break
            }
        }
        return lit
    }

    /// Double taps each advance the pattern once.
    var doubleTaps: Int { gestures.filter { $0 == .doubleTap }.count }
}
