import TorchCore
import TorchHardware

/// Hardware that cannot make every period: a counter clocked at a fixed rate makes only
/// whole multiples of its clock period (pwm-bcm2835 at its usual 10 MHz: 100 ns; slower
/// clocks, coarser steps). Taught with `roundPeriods`, the double answers reads of
/// `period` and `duty_cycle` with what such hardware applies (the nearest multiple of
/// the step, at least one step, the duty never above the period), as a driver that
/// reports its applied state does; stores are still checked as the core checks them,
/// on the values written.
extension SysfsPWMDouble {
    /// Rounds what `pwmchip<chip>` reads back to multiples of `step` ns (0: exact).
    public func roundPeriods(chip: Int, step: UInt64) {
        state.withLock { s in s.chips[chip]?.periodStep = step }
    }

    /// The state the hardware holds for a requested `state`.
    static func applied(_ state: PWMChannelState, step: UInt64) -> PWMChannelState {
        guard step > 0 else { return state }
        func nearest(_ ns: UInt64) -> UInt64 {
            let (q, r) = ns.quotientAndRemainder(dividingBy: step)
            let up = r >= step - r   // half a step rounds up, as DIV_ROUND_CLOSEST does
            let (m, o) = (q + (up ? 1 : 0)).multipliedReportingOverflow(by: step)
            return o ? ns : m
        }
        var out = state
        out.period = state.period == 0 ? 0 : max(step, nearest(state.period))
        out.dutyCycle = min(nearest(state.dutyCycle), out.period)
        return out
    }
}
