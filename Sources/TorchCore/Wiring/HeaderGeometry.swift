/// Where a pin sits on a two-row header (0.1 in pitch both ways): odd pins in one row,
/// even pins in the other, numbered along the header. True for the Raspberry Pi 40-pin
/// header, the ROCK Pi 4's and the BeagleBone's P8/P9 (`P9_14`: header `P9`, pin 14).
struct HeaderPosition: Equatable {
    /// The header's name (`P9`), empty for a board with one numbered header.
    var header: String
    /// 0-based position along the header.
    var row: Int
    /// 0 for odd pins, 1 for even pins.
    var column: Int

    init?(pin: String) {
        let parts = pin.split(separator: "_", omittingEmptySubsequences: false)
        let numberText = parts.last.map(String.init) ?? ""
        guard parts.count <= 2, !numberText.isEmpty, numberText.count <= 4, numberText.allSatisfy(\.isNumber),
              let n = Int(numberText), n >= 1 else { return nil }
        header = parts.count == 2 ? String(parts[0]) : ""
        row = (n - 1) / 2
        column = (n - 1) % 2
    }

    /// Squared distance in pin pitches; nil across headers.
    func distance2(to other: HeaderPosition) -> Int? {
        guard header == other.header else { return nil }
        let dr = row - other.row, dc = column - other.column
        return dr * dr + dc * dc
    }
}

extension BoardProfile {
    /// The ground pin nearest to `pin` on the same header (the lower-numbered one when
    /// two are as near); nil when the header describes no ground there.
    public func nearestGround(to pin: String) -> HeaderPin? {
        guard let here = HeaderPosition(pin: pin) else { return nil }
        var best: (pin: HeaderPin, d: Int)?
        for p in header {
            guard case let .other(kind) = p.use, kind == "GND", let there = HeaderPosition(pin: p.pin),
                  let d = here.distance2(to: there) else { continue }
            if let b = best, b.d <= d { continue }
            best = (p, d)
        }
        return best?.pin
    }
}
