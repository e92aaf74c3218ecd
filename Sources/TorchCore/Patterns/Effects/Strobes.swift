/// The party and tactical strobes' rates.
enum Strobes {
    /// Strobe rates from 1 Hz to 125 Hz (Anduril's delays of 8…255 ms span about 4…125 Hz).
    static let rates: ClosedRange<Double> = 1...125

    /// One cycle at `hz` (within `rates`), to the nanosecond.
    static func period(_ hz: Double) -> Duration {
        let ns = (1e9 / min(max(hz, rates.lowerBound), rates.upperBound)).rounded()
        return .nanoseconds(Int64(exactly: ns) ?? 1_000_000_000)
    }
}
