/// The duty that gives a relative luminance on one LED, from its measured response
/// (`LightCalibration`): the inverse of the sweep, made monotone first (a noisy sweep
/// can read lower at a higher duty; the isotonic fit, pool-adjacent-violators, is the
/// closest rising curve), then read along straight lines between the points. A level's
/// perceived lightness becomes a luminance by the `cie` curve and then a duty by this,
/// so that the LED's own curve (its driver's non-linearity, a dead zone at low duty)
/// no longer bends what a person sees.
///
/// Looked up on the real-time thread at every level change: a binary search in two
/// arrays built on the event loop, no allocation.
public struct LightCorrection: Equatable, Sendable {
    /// Relative luminances, rising, from 0 to 1.
    public let luminances: [Double]
    /// The duty for each, rising, from the last duty that still read dark to 1.
    public let duties: [Double]

    /// From measured points (duty rising, luminance relative to the LED's dark and full).
    public init(_ measured: [(duty: Double, luminance: Double)]) {
        // The isotonic fit over the sweep, with the dark point (0, 0) first.
        var blocks: [(sum: Double, count: Double, firstDuty: Double, lastDuty: Double)] = [(0, 1, 0, 0)]
        for m in measured where m.duty.isFinite && m.luminance.isFinite {
            blocks.append((min(1, max(0, m.luminance)), 1, m.duty, m.duty))
            while blocks.count >= 2, blocks[blocks.count - 2].sum / blocks[blocks.count - 2].count
                    >= blocks[blocks.count - 1].sum / blocks[blocks.count - 1].count {
                let b = blocks.removeLast()
                let a = blocks.removeLast()
                blocks.append((a.sum + b.sum, a.count + b.count, a.firstDuty, b.lastDuty))
            }
        }
        // Each block is one luminance: the rise starts at the end of the dark block (a
        // dead zone) and at the start of every other (the first duty that reached it).
        var ys: [Double] = []
        var ds: [Double] = []
        for (i, b) in blocks.enumerated() {
            let y = b.sum / b.count
            let d = i == 0 ? b.lastDuty : b.firstDuty
            if let last = ys.last, y <= last { continue }
            ys.append(y)
            ds.append(d)
        }
        // Full is full: luminance 1 at duty 1, whatever the top of the sweep read.
        while let last = ys.last, last >= 1 || ds.last == 1 { ys.removeLast(); ds.removeLast() }
        ys.append(1)
        ds.append(1)
        if ys.first != 0 || ys.count < 2 { ys.insert(0, at: 0); ds.insert(0, at: 0) }
        luminances = ys
        duties = ds
    }

    /// The duty 0…1 for relative luminance `y`: 0 for 0 or less, 1 for 1 or more.
    public func duty(forLuminance y: Double) -> Double {
        guard y > 0 else { return 0 }
        guard y < 1, let top = luminances.indices.last, top > 0 else { return 1 }
        // The first index whose luminance is ≥ y (luminances[0] = 0 < y).
        var lo = 1, hi = top
        while lo < hi {
            let mid = (lo + hi) / 2
            if luminances[mid] >= y { hi = mid } else { lo = mid + 1 }
        }
        let (y0, y1, d0, d1) = (luminances[lo - 1], luminances[lo], duties[lo - 1], duties[lo])
        let span = y1 - y0
        return span > 0 ? d0 + (d1 - d0) * (y - y0) / span : d1
    }
}
