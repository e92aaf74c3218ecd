#if canImport(Glibc)
import Glibc
#endif
import TorchCore
import TorchHardware

/// The kernel's answers to stores, as in drivers/pwm/sysfs.c (`export_store`,
/// `unexport_store`, `period_store`, `duty_cycle_store`, `enable_store`,
/// `polarity_store`) and the state checks of `pwm_apply_state` in drivers/pwm/core.c.
extension SysfsPWMDouble {
    /// `export_store`: kstrtouint, channel < npwm (ENODEV), not requested (EBUSY).
    static func export(_ value: String, chip n: Int, in s: inout State) -> Int32 {
        let hwpwm: UInt64
        switch KernelNumberParsing.unsigned(value, max: UInt64(UInt32.max)) {
        case .success(let v): hwpwm = v
        case .failure(let e): return e.code
        }
        guard var chip = s.chips[n], hwpwm < UInt64(chip.channels.count) else { return ENODEV }
        let m = Int(hwpwm)
        // pwm_request_from_chip: requested by a driver or by an earlier export → EBUSY.
        if chip.channels[m].claimedBy != nil || chip.channels[m].exported { return EBUSY }
        chip.channels[m].exported = true
        chip.channels[m].generation += 1
        chip.channels[m].deniedAccessesLeft = s.permissionDelay
        s.chips[n] = chip
        return 0
    }

    /// `unexport_store`: kstrtouint, channel < npwm (ENODEV), exported (ENODEV).
    static func unexport(_ value: String, chip n: Int, in s: inout State) -> Int32 {
        let hwpwm: UInt64
        switch KernelNumberParsing.unsigned(value, max: UInt64(UInt32.max)) {
        case .success(let v): hwpwm = v
        case .failure(let e): return e.code
        }
        guard var chip = s.chips[n], hwpwm < UInt64(chip.channels.count) else { return ENODEV }
        let m = Int(hwpwm)
        guard chip.channels[m].exported else { return ENODEV }
        chip.channels[m].exported = false
        chip.channels[m].deniedAccessesLeft = 0
        s.chips[n] = chip
        return 0
    }

    /// True (and one fewer left) while udev has not yet given the files to the group.
    static func takeDeniedAccess(_ n: Int, _ m: Int, in s: inout State) -> Bool {
        guard var chip = s.chips[n], chip.channels.indices.contains(m),
              chip.channels[m].deniedAccessesLeft > 0 else { return false }
        chip.channels[m].deniedAccessesLeft -= 1
        s.chips[n] = chip
        return true
    }

    /// A store to `period`, `duty_cycle`, `enable` or `polarity` of an exported channel.
    static func store(_ value: String, _ attr: String, _ n: Int, _ m: Int, in s: inout State) -> Int32 {
        guard var chip = s.chips[n], chip.channels.indices.contains(m) else { return ENODEV }
        let old = chip.channels[m].state
        var new = old
        switch attr {
        case "period":
            switch KernelNumberParsing.unsigned(value) {
            case .success(let v): new.period = v
            case .failure(let e): return e.code
            }
        case "duty_cycle":
            switch KernelNumberParsing.unsigned(value) {
            case .success(let v): new.dutyCycle = v
            case .failure(let e): return e.code
            }
        case "enable":
            switch KernelNumberParsing.int32(value) {
            case .success(0): new.enabled = false
            case .success(1): new.enabled = true
            case .success: return EINVAL
            case .failure(let e): return e.code
            }
        default: // polarity
            if KernelNumberParsing.sysfsEqual(value, "normal") {
                new.polarity = .normal
            } else if KernelNumberParsing.sysfsEqual(value, "inversed") {
                new.polarity = .inversed
            } else {
                return EINVAL
            }
        }
        switch s.rules {
        case .linux6_1:
            // pwm_apply_state: checked before anything else, whatever changed.
            if new.period == 0 || new.dutyCycle > new.period { return EINVAL }
        case .linux6_12:
            // __pwm_apply: only an enabled state must be valid; an invalid state may
            // replace an invalid one (stored without calling the driver).
            if !Self.valid(new) {
                guard !Self.valid(old) else { return EINVAL }
                chip.channels[m].state = new
                s.chips[n] = chip
                return 0
            }
        }
        if new == old { return 0 }
        // The driver's own range (pwm-bcm2835: period below one clock period → EINVAL).
        if new.period < chip.minimumPeriod { return EINVAL }
        // Drivers without an atomic apply refuse a polarity change on a running PWM.
        if new.polarity != old.polarity && old.enabled && !s.polarityChangeWhileEnabled { return EBUSY }
        chip.channels[m].state = new
        s.chips[n] = chip
        return 0
    }

    /// 6.12's `pwm_state_valid`: a disabled state is always valid.
    static func valid(_ state: PWMChannelState) -> Bool {
        !state.enabled || (state.period != 0 && state.dutyCycle <= state.period)
    }
}

/// Which kernel's PWM core rules `SysfsPWMDouble` follows. They differ in
/// `pwm_apply_state` (6.1) / `__pwm_apply` (6.12): 6.1 refuses any state with period 0
/// or duty above period; 6.12 checks only enabled states and lets an invalid state
/// replace an invalid one. The VM's differential test proves both against the real
/// kernels (Tests/vm/guest/scenarios-pwm.sh).
public enum PWMKernelRules: String, Sendable, CaseIterable {
    case linux6_1 = "6.1"
    case linux6_12 = "6.12"

    /// The rules for a kernel release as `uname -r` prints it ("6.12.117-amd64"):
    /// 6.12 and later follow 6.12; anything earlier (or unreadable) follows 6.1. Only
    /// 6.1 and 6.12 are proven; releases in between are assumed to follow 6.1.
    public init(release: String) {
        let parts = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        if parts.count == 2, parts[0] > 6 || (parts[0] == 6 && parts[1] >= 12) {
            self = .linux6_12
        } else {
            self = .linux6_1
        }
    }
}
