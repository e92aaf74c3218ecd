#if canImport(Glibc)
import Glibc
#endif
import TorchCore

/// The files of one exported channel (`pwmchipN/pwmM/…`), with the channel's state as
/// last read or written. Every store goes through `set`, which retries EACCES/ENOENT
/// until `deadline` (udev applying permissions after an export) and turns the kernel's
/// refusals into one-line errors naming the file and the value.
final class PWMChannelFiles {
    enum File: String {
        case period, dutyCycle = "duty_cycle", polarity, enable
    }

    let fs: any SysfsFileSystem
    /// `/sys/class/pwm/pwmchip0/pwm0`.
    let directory: String
    /// `pwmchip0/pwm0`: how errors name the channel.
    let shortName: String
    let clock: any TorchClock
    let pause: (Duration) -> Void
    let poll: Duration
    /// Retry permission errors until this instant; nil: fail at once.
    var deadline: Instant?
    /// How long the retry window was, for the error text.
    let window: Duration
    /// The channel as the kernel holds it (kept in step with every successful store).
    var state = PWMChannelState(period: 0, dutyCycle: 0, polarity: .normal, enabled: false)

    init(fs: any SysfsFileSystem, directory: String, shortName: String, clock: any TorchClock,
         pause: @escaping (Duration) -> Void, poll: Duration, window: Duration) {
        self.fs = fs
        self.directory = directory
        self.shortName = shortName
        self.clock = clock
        self.pause = pause
        self.poll = poll
        self.window = window
    }

    func path(_ file: File) -> String { directory + "/" + file.rawValue }
    func name(_ file: File) -> String { shortName + "/" + file.rawValue }

    /// Reads the four files into `state`.
    func readState() throws(HardwareError) {
        state = try readFiles()
    }

    /// Reads the four files as the kernel answers now, leaving `state` (what was last
    /// written, which orders the next writes) as it is.
    func readFiles() throws(HardwareError) -> PWMChannelState {
        let period = try readNumber(.period)
        let duty = try readNumber(.dutyCycle)
        let enable = try readNumber(.enable)
        let polarityText = try read(.polarity).filter { !$0.isWhitespace }
        return PWMChannelState(period: period, dutyCycle: duty,
                               polarity: PWMPolarity(rawValue: polarityText) ?? .normal,
                               enabled: enable != 0)
    }

    /// Stores `value` (a number or `normal`/`inversed`) and updates `state`.
    func set(_ file: File, _ value: String) throws(HardwareError) {
        while true {
            let rc = fs.write(path(file), value)
            if rc == 0 {
                apply(file, value)
                return
            }
            if isPermissionPending(rc) { continue }
            throw error(file, value, errno: rc)
        }
    }

    func set(_ file: File, _ value: UInt64) throws(HardwareError) { try set(file, String(value)) }

    /// Opens `file` for repeated writes, with the same permission retry.
    func open(_ file: File) throws(HardwareError) -> any SysfsWriteHandle {
        while true {
            do throws(SysfsErrno) {
                return try fs.openForWriting(path(file))
            } catch {
                if isPermissionPending(error.code) { continue }
                throw error.code == EACCES || error.code == EPERM
                    ? deniedError(file, errno: error.code)
                    : PWMErrors.failed("\(name(file)): cannot open for writing", errno: error.code)
            }
        }
    }

    /// True (after pausing) when `code` may be udev not having run yet and the window
    /// is still open.
    private func isPermissionPending(_ code: Int32) -> Bool {
        guard code == EACCES || code == EPERM || code == ENOENT,
              let deadline, clock.now() < deadline else { return false }
        pause(poll)
        return true
    }

    private func read(_ file: File) throws(HardwareError) -> String {
        while true {
            do throws(SysfsErrno) {
                return try fs.readSmallFile(path(file))
            } catch {
                if isPermissionPending(error.code) { continue }
                throw error.code == EACCES || error.code == EPERM
                    ? deniedError(file, errno: error.code)
                    : PWMErrors.failed("\(name(file)): cannot read", errno: error.code)
            }
        }
    }

    private func readNumber(_ file: File) throws(HardwareError) -> UInt64 {
        let text = try read(file)
        guard let n = PWMChip.parseUnsigned(text) else {
            throw HardwareError("\(name(file)): not a number: '\(text.filter { $0 != "\n" })'", errno: EINVAL)
        }
        return n
    }

    private func apply(_ file: File, _ value: String) {
        switch file {
        case .period: state.period = UInt64(value) ?? state.period
        case .dutyCycle: state.dutyCycle = UInt64(value) ?? state.dutyCycle
        case .enable: state.enabled = value == "1"
        case .polarity: state.polarity = PWMPolarity(rawValue: value) ?? state.polarity
        }
    }

    private func deniedError(_ file: File, errno code: Int32) -> HardwareError {
        PWMErrors.permissionDenied(file: name(file),
                                   waitedMilliseconds: deadline == nil ? 0 : window.nanoseconds / 1_000_000,
                                   errno: code)
    }

    /// The error for a refused store, with the reason the kernel had when it is known.
    func error(_ file: File, _ value: String, errno code: Int32) -> HardwareError {
        if code == EACCES || code == EPERM { return deniedError(file, errno: code) }
        if code == ENOENT || code == ENODEV {
            return PWMErrors.failed("\(name(file)): channel file gone (unexported by someone else?)", errno: code)
        }
        return PWMErrors.refused(file: name(file), value: value, errno: code, reason: reason(file, value, code))
    }

    private func reason(_ file: File, _ value: String, _ code: Int32) -> String? {
        let n = UInt64(value)
        switch (file, code) {
        case (_, ERANGE):
            return "number too large"
        case (.dutyCycle, EINVAL):
            if state.period == 0 { return "period is 0: write period first" }
            if let n, n > state.period { return "duty cycle above period \(state.period)" }
        case (.period, EINVAL):
            if n == 0 { return "period must be above 0" }
            if let n, n < state.dutyCycle { return "period below duty cycle \(state.dutyCycle)" }
            return "period outside what the driver supports"
        case (.enable, EINVAL):
            if value != "0" && value != "1" { return "enable takes 0 or 1" }
            if state.period == 0 { return "period is 0: write period first" }
        case (.polarity, EBUSY):
            return "polarity can change only while disabled"
        case (.polarity, EINVAL):
            if PWMPolarity(rawValue: value) == nil { return "polarity takes normal or inversed" }
            return "the driver does not support \(value) polarity"
        default:
            break
        }
        return nil
    }
}
