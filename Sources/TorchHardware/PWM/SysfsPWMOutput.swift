#if canImport(Glibc)
import Glibc
#endif
import TorchCore

/// A light on a hardware PWM channel through `/sys/class/pwm`: the duty cycle is the
/// brightness.
///
/// Opening exports the channel only if `pwmN/` does not exist yet (and remembers whether
/// it did), retries EACCES/ENOENT on the new files for `permissionWindow` while udev
/// applies group permissions, and sets the channel up in the order the kernel accepts:
/// duty down before the period shrinks (`duty_cycle > period` is EINVAL), period before
/// duty on a fresh channel (`period == 0` is EINVAL), polarity only while disabled
/// (many drivers say EBUSY otherwise). It leaves the channel dark: duty 0 and enabled,
/// because a disabled PWM's output level is undefined.
///
/// `write` is called from the real-time scheduler thread and everything else only
/// while that thread is stopped, which is why the class is `@unchecked Sendable`.
public final class SysfsPWMOutput: LightOutput, @unchecked Sendable {
    public let kind = Backend.pwm
    public let isBinary = false

    /// The chip the channel is on.
    public let chip: PWMChip
    /// The channel number on the chip (the `N` of `pwmN`).
    public let channel: Int
    /// True when torch exported the channel (and so unexports it on close).
    public let exportedByUs: Bool
    /// The channel as found when opening, before torch changed anything.
    public let found: PWMChannelState
    /// What `close()` leaves on a channel someone else exported.
    public let putBack: PWMPutBack

    /// True when the channel was taken over as the last process left it, with no write.
    public let takenOver: Bool

    /// What the next process must know to take this channel over (`PWMTakeOver`).
    public var takeOver: PWMTakeOver { PWMTakeOver(found: exportedByUs ? nil : found) }

    /// Failures while closing (close cannot throw); empty when all went well.
    public private(set) var closeFailures: [HardwareError] = []

    private let files: PWMChannelFiles
    private var dutyHandle: (any SysfsWriteHandle)?
    /// The period in ns the real-time write scales by.
    private var periodNs: UInt64
    /// The duty cycle in ns last written through `write(duty:)` or set up.
    private var dutyNs: UInt64 = 0
    /// The last duty (0…1) asked for, kept across frequency changes.
    private var dutyFraction: Double = 0
    /// Preallocated digits for the real-time write.
    private let digits: UnsafeMutableRawBufferPointer

    /// Opens `channel` on the chip named `spec` (device name such as `1f00098000.pwm`,
    /// `pwmchipN`, `N` or a path). `hint` is appended to chip- and channel-missing errors
    /// (e.g. the overlay line the board profile knows).
    public convenience init(chip spec: String, channel: Int, settings: PWMChannelSettings = .init(),
                            fs: any SysfsFileSystem = SystemSysfs(),
                            classDirectory: String = PWMChip.classDirectory, hint: String? = nil,
                            takingOver: PWMTakeOver? = nil,
                            clock: any TorchClock = MonotonicClock(),
                            pause: @escaping (Duration) -> Void = SysfsPWMOutput.sleep) throws(HardwareError) {
        let found = try PWMChip.find(spec, in: fs, classDirectory: classDirectory, hint: hint)
        try self.init(chip: found, channel: channel, settings: settings, fs: fs, hint: hint,
                      takingOver: takingOver, clock: clock, pause: pause)
    }

    /// Opens `channel` on `chip`, dark (duty 0, enabled); or, `takingOver` from the
    /// process before this one, as it is.
    /// - Parameters:
    ///   - takingOver: what the last process of the service left (`PWMTakeOver`). A
    ///     channel still exported, enabled, at this period and polarity is opened with
    ///     no write at all: its duty cycle stays as it is (no glitch) until the first
    ///     program writes. What torch puts back at the stop is what the first process
    ///     found.
    ///   - clock, pause: time for the permission retry (tests pass a `ManualClock` and a
    ///     pause that advances it; nothing sleeps).
    public init(chip: PWMChip, channel: Int, settings: PWMChannelSettings = .init(),
                fs: any SysfsFileSystem = SystemSysfs(), hint: String? = nil,
                takingOver: PWMTakeOver? = nil,
                clock: any TorchClock = MonotonicClock(),
                pause: @escaping (Duration) -> Void = SysfsPWMOutput.sleep) throws(HardwareError) {
        guard channel >= 0, channel < chip.channelCount else {
            throw PWMErrors.channelMissing(chip: chip, channel: channel, hint: hint)
        }
        guard let period = PWMChannelSettings.period(forFrequency: settings.frequency) else {
            throw HardwareError("pwm frequency \(settings.frequency) Hz: out of range "
                                + "(allowed: 0.25 Hz to 1 GHz; default 2000 Hz)", errno: EINVAL)
        }
        let files = PWMChannelFiles(
            fs: fs, directory: chip.path + "/pwm\(channel)", shortName: "\(chip.name)/pwm\(channel)",
            clock: clock, pause: pause, poll: settings.permissionPoll, window: settings.permissionWindow)
        let exported = try Self.export(chip: chip, channel: channel, files: files, hint: hint)
        if exported { files.deadline = clock.now() + settings.permissionWindow }

        var kept = false
        do throws(HardwareError) {
            try files.readState()
            let found = files.state
            kept = takingOver != nil && !exported && found.enabled && found.period == period
                && found.polarity == settings.polarity && found.dutyCycle <= period
            if !kept { try Self.setUp(files, period: period, polarity: settings.polarity) }
            self.dutyHandle = try files.open(.dutyCycle)
            // Taken over: put back at the stop what the first process found.
            self.found = takingOver.map { $0.found ?? found } ?? found
        } catch {
            Self.undoExport(chip: chip, channel: channel, files: files, exported: exported)
            throw error
        }
        files.deadline = nil
        self.chip = chip
        self.channel = channel
        self.exportedByUs = exported || (takingOver != nil && takingOver?.found == nil)
        self.takenOver = kept
        if kept {
            dutyNs = files.state.dutyCycle
            dutyFraction = period > 0 ? Double(dutyNs) / Double(period) : 0
        }
        self.putBack = settings.putBack
        self.files = files
        self.periodNs = period
        self.digits = .allocate(byteCount: PWMDecimal.maxDigits, alignment: 1)
    }

    deinit {
        close()
        digits.deallocate()
    }

    /// The PWM period in nanoseconds now in use.
    public var period: UInt64 { periodNs }

    /// The duty cycle in nanoseconds last written.
    public var dutyCycle: UInt64 { dutyNs }

    /// Sets `duty_cycle` to round(duty × period) ns with one `pwrite` of a number
    /// formatted into preallocated bytes. Returns 0 or an errno; EBADF after `close`.
    /// No allocation, lock or log.
    public func write(duty: Double) -> Int32 {
        guard let handle = dutyHandle else { return EBADF }
        let d = duty.isNaN ? 0 : min(max(duty, 0), 1)
        let ns = min(UInt64((d * Double(periodNs)).rounded()), periodNs)
        let n = PWMDecimal.format(ns, into: digits)
        let rc = handle.write(UnsafeRawBufferPointer(rebasing: digits[0..<n]))
        if rc == 0 {
            dutyNs = ns
            dutyFraction = d
        }
        return rc
    }

    /// Changes the PWM frequency, keeping the duty fraction. Lowers the duty cycle before
    /// a shorter period and raises it after a longer one, so the kernel never sees
    /// duty > period. Not while the scheduler thread runs.
    public func setFrequency(_ hz: Double) throws(HardwareError) {
        guard dutyHandle != nil else { throw PWMErrors.failed("\(files.shortName): closed", errno: EBADF) }
        guard let newPeriod = PWMChannelSettings.period(forFrequency: hz) else {
            throw HardwareError("pwm frequency \(hz) Hz: out of range (allowed: 0.25 Hz to 1 GHz)", errno: EINVAL)
        }
        files.state.dutyCycle = dutyNs
        let newDuty = min(UInt64((dutyFraction * Double(newPeriod)).rounded()), newPeriod)
        if newPeriod < files.state.period {
            if newDuty != files.state.dutyCycle { try files.set(.dutyCycle, newDuty) }
            try files.set(.period, newPeriod)
        } else {
            if newPeriod != files.state.period { try files.set(.period, newPeriod) }
            if newDuty != files.state.dutyCycle { try files.set(.dutyCycle, newDuty) }
        }
        periodNs = newPeriod
        dutyNs = newDuty
    }

    /// Changes the polarity: disable → polarity → enable, as drivers require.
    /// Not while the scheduler thread runs.
    public func setPolarity(_ polarity: PWMPolarity) throws(HardwareError) {
        guard dutyHandle != nil else { throw PWMErrors.failed("\(files.shortName): closed", errno: EBADF) }
        try Self.changePolarity(files, to: polarity)
        if !files.state.enabled { try files.set(.enable, "1") }
    }

    /// The channel as the kernel reads it back now (`period`, `duty_cycle`, `enable`,
    /// `polarity`): what `torch bench pwm` compares with what it wrote. Not while the
    /// scheduler thread runs.
    public func readBack() throws(HardwareError) -> PWMChannelState {
        guard dutyHandle != nil else { throw PWMErrors.failed("\(files.shortName): closed", errno: EBADF) }
        return try files.readFiles()
    }

    /// The output polarity now in use.
    public var polarity: PWMPolarity { files.state.polarity }

    /// Goes dark, then: a channel torch exported is disabled and unexported; one found
    /// exported gets period and polarity back as found and stays enabled at duty 0
    /// (`putBack == .asFound`: duty and enable as found too). Idempotent.
    public func close() {
        guard let handle = dutyHandle else { return }
        let rc = write(duty: 0)
        if rc != 0 { closeFailures.append(files.error(.dutyCycle, "0", errno: rc)) }
        handle.close()
        dutyHandle = nil
        files.state.dutyCycle = dutyNs
        if exportedByUs {
            attempt { () throws(HardwareError) in try files.set(.enable, "0") }
            let rc = files.fs.write(chip.path + "/unexport", String(channel))
            if rc != 0 {
                closeFailures.append(PWMErrors.failed("\(chip.name)/unexport \(channel)", errno: rc))
            }
        } else {
            restoreFound()
        }
    }

    public var handoverIdentity: HandoverRecord.Output? { .pwmChannel(chip: chip.name, channel: channel, found: takeOver.found) }

    /// Lets go of the channel without writing: its duty and enable stay as they are
    /// for the next process (a PWM channel keeps its level with no holder). Idempotent.
    public func handOver() {
        dutyHandle?.close()
        dutyHandle = nil
    }

    /// "pwmchip0 (1f00098000.pwm) channel 0 at 2000 Hz via sysfs PWM".
    public var summary: String {
        var s = "\(PWMErrors.label(chip)) channel \(channel) at \(Self.hertzText(periodNs)) via sysfs PWM"
        if files.state.polarity == .inversed { s += ", inversed" }
        if takenOver { s += ", taken over from the last run" } else if !exportedByUs { s += " (already exported)" }
        return s
    }

    /// Sleeps for `d` on CLOCK_MONOTONIC (the permission retry's default pause).
    public static func sleep(_ d: Duration) {
        let ns = max(0, d.nanoseconds)
        // After a signal, sleep what is left of the pause, not the whole pause again.
        var left = timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
        var ts = timespec()
        _ = Interrupted.retry { ts = left; return nanosleep(&ts, &left) }
    }

    // MARK: - Steps

    /// Exports the channel unless `pwmN/` exists; returns true when torch exported it.
    private static func export(chip: PWMChip, channel: Int, files: PWMChannelFiles,
                               hint: String?) throws(HardwareError) -> Bool {
        if files.fs.exists(files.directory) { return false }
        let rc = files.fs.write(chip.path + "/export", String(channel))
        switch rc {
        case 0:
            return true
        case EBUSY where files.fs.exists(files.directory):
            return false // exported by someone else between our look and our export
        case EBUSY:
            throw PWMErrors.channelBusy(chip: chip, channel: channel)
        case ENODEV:
            throw PWMErrors.channelMissing(chip: chip, channel: channel, hint: hint)
        case EACCES, EPERM:
            throw PWMErrors.permissionDenied(file: "\(chip.name)/export", waitedMilliseconds: 0, errno: rc)
        default:
            throw PWMErrors.failed("\(chip.name)/export \(channel)", errno: rc)
        }
    }

    /// Dark first, then period, polarity (while disabled), duty 0, enable.
    private static func setUp(_ files: PWMChannelFiles, period: UInt64, polarity: PWMPolarity) throws(HardwareError) {
        var wroteDuty = false
        if files.state.dutyCycle != 0 {
            try files.set(.dutyCycle, "0") // dark at once, and never above a shorter period
            wroteDuty = true
        }
        if files.state.period != period { try files.set(.period, period) }
        try changePolarity(files, to: polarity)
        if !wroteDuty { try files.set(.dutyCycle, "0") }
        if !files.state.enabled { try files.set(.enable, "1") }
    }

    /// disable → polarity (the caller enables again); nothing when it already matches.
    private static func changePolarity(_ files: PWMChannelFiles, to polarity: PWMPolarity) throws(HardwareError) {
        guard files.state.polarity != polarity else { return }
        if files.state.enabled { try files.set(.enable, "0") }
        try files.set(.polarity, polarity.rawValue)
    }

    /// After a failed open: leave nothing exported that torch exported.
    private static func undoExport(chip: PWMChip, channel: Int, files: PWMChannelFiles, exported: Bool) {
        guard exported else { return }
        _ = files.fs.write(files.path(.enable), "0")
        _ = files.fs.write(chip.path + "/unexport", String(channel))
    }

    /// Puts a channel someone else exported back (see `PWMPutBack`).
    private func restoreFound() {
        attempt { () throws(HardwareError) in
            if files.state.polarity != found.polarity {
                try Self.changePolarity(files, to: found.polarity)
            }
            // A period of 0 cannot be written back (EINVAL); ours stays then.
            if found.period != 0 && found.period != files.state.period {
                try files.set(.period, found.period)
            }
            switch putBack {
            case .dark:
                if !files.state.enabled && files.state.period != 0 { try files.set(.enable, "1") }
            case .asFound:
                if found.dutyCycle != 0 && found.dutyCycle <= files.state.period {
                    try files.set(.dutyCycle, found.dutyCycle)
                }
                if found.enabled != files.state.enabled {
                    try files.set(.enable, found.enabled ? "1" : "0")
                }
            }
        }
    }

    private func attempt(_ body: () throws(HardwareError) -> Void) {
        do { try body() } catch { closeFailures.append(error) }
    }

    /// The frequency of `periodNs` for the summary: "2000 Hz", or "2.5 Hz" when not whole.
    static func hertzText(_ periodNs: UInt64) -> String {
        guard periodNs > 0 else { return "0 Hz" }
        let hz = 1e9 / Double(periodNs)
        let whole = hz.rounded()
        if abs(hz - whole) < 0.05 { return "\(Int64(whole)) Hz" }
        return "\(Int64(hz))." + "\(Int64((hz * 10).rounded()) % 10) Hz"
    }
}
