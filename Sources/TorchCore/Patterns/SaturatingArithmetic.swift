/// Nanosecond arithmetic that stops at Int64's ends (±292 years) instead of trapping or
/// wrapping: an instant past the end of time is "never", which is what a timeline with
/// a huge step means, and a wrapped sum would put a deadline in the past.
extension Int64 {
    /// `self + other`, clamped to `Int64.min...Int64.max`.
    @inline(__always)
    public func saturatingAdding(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self - other`, clamped to `Int64.min...Int64.max`.
    @inline(__always)
    public func saturatingSubtracting(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other < 0 ? .max : .min
    }

    /// `self × other`, clamped to `Int64.min...Int64.max`.
    @inline(__always)
    public func saturatingMultiplied(by other: Int64) -> Int64 {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }
}
