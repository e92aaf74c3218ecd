import TorchCore
import TorchEngine
import TorchHardware

/// What a service process takes over from the one before it at a restart: the GPIO
/// line's request systemd kept in its store (`LISTEN_FDNAMES` `torch-light`) and the
/// handover record in the runtime directory (`SystemdHandover`). The output is taken
/// over only when both name the line or channel the config drives now; then the light
/// goes on as it was (`resumed`, `resumption`). What the last process drove that the
/// config no longer names is put back (dark and released), and anything unused is
/// closed. Nothing here without the store (`$FDSTORE`) and a runtime directory.
final class TakeOver {
    /// The last process's record; nil when there is none or it cannot be read.
    let record: HandoverRecord?
    /// Where the record is (`$RUNTIME_DIRECTORY/handover`).
    let recordPath: String
    /// The line's request from the store, until taken (or put back).
    private var storedLine: Int32?
    /// A request came from the store (the hand-over replaces it with the output's own).
    let hadStoredLine: Bool
    /// True once the output was taken over as the last process left it.
    private(set) var resumed = false
    /// Lines for the banner: what was taken over or put back.
    private(set) var notes: [String] = []

    /// The light the last process left, when the output was taken over.
    var resumption: Resumption? { resumed ? record?.resumption : nil }

    private init(record: HandoverRecord?, recordPath: String, storedLine: Int32?, notes: [String]) {
        self.record = record
        self.recordPath = recordPath
        self.storedLine = storedLine
        hadStoredLine = storedLine != nil
        self.notes = notes
    }

    /// Reads what the last process left; nil outside a unit with the store and a
    /// runtime directory.
    static func prepare(inherited: SocketActivation.Inherited) -> TakeOver? {
        let stored = inherited.stored[SocketActivation.storedLightName]
        guard SystemdNotify.storeCapacity() > 0, let dir = ProcessEnvironment.variable("RUNTIME_DIRECTORY"),
              let first = dir.split(separator: ":").first else {
            if let stored { GPIORelease.closeUnknown(stored) }
            return nil
        }
        let path = String(first) + "/" + SystemdHandover.recordName
        var notes: [String] = []
        var record: HandoverRecord? = nil
        do {
            if let text = try AtomicFile.readFile(path) { record = try HandoverRecordFormat.decode(text) }
        } catch {
            notes.append("handover record \(path): \(error); the light starts afresh")
        }
        return TakeOver(record: record, recordPath: path, storedLine: stored, notes: notes)
    }

    /// The configured line taken over from the store when the record names it (nil:
    /// request it afresh). A stored line the config no longer names is put back first.
    func gpioLine(chip: GPIOChip, offset: UInt32, activeLow: Bool) -> GPIOOutputLine? {
        guard let fd = storedLine else { return nil }
        guard record?.names(.gpioLine(chip: chip.name, offset: offset, activeLow: activeLow)) == true else {
            putBackStored()
            return nil
        }
        storedLine = nil
        do {
            let line = try GPIOOutputLine(chip: chip, offset: offset, activeLow: activeLow, adopting: fd)
            resumed = true
            return line
        } catch {
            notes.append("handover: \(error); the line is requested afresh")
            return nil
        }
    }

    /// How to open the configured PWM channel: taken over when the record names it
    /// (`SysfsPWMOutput` then writes nothing if the channel is as the last process left
    /// it). A channel the record names that the config no longer drives is put back.
    func pwm(chip: String, channel: Int) -> PWMTakeOver? {
        guard let record, case let .pwmChannel(_, _, found) = record.output else { return nil }
        guard record.names(.pwmChannel(chip: chip, channel: channel, found: nil)) else {
            putBackRecordedPWM()
            return nil
        }
        pwmHandled = true
        return PWMTakeOver(found: found)
    }

    /// The PWM output opened with `pwm(chip:channel:)`: resumed when it kept its level.
    func opened(_ pwm: SysfsPWMOutput) {
        if pwm.takenOver { resumed = true }
    }

    /// After the output is open: whatever the last process drove that this one did not
    /// take over is put back, or closed.
    func finish() {
        putBackStored()
        if !pwmHandled { putBackRecordedPWM() }
    }

    /// The stored line, not taken over: driven dark through it, then released.
    private func putBackStored() {
        guard let fd = storedLine else { return }
        storedLine = nil
        if case let .gpioLine(chipName, offset, activeLow)? = record?.output,
           let chip = try? GPIOChip(chipName),
           let old = try? GPIOOutputLine(chip: chip, offset: offset, activeLow: activeLow, adopting: fd) {
            old.close()
            notes.append("handover: \(chipName) line \(offset), which the last run drove, is not the configured output: dark and released")
        } else {
            GPIORelease.closeUnknown(fd)
        }
    }

    /// The record's PWM channel was looked at (taken over, or put back).
    private var pwmHandled = false

    /// The channel the record names, put back as the first process found it.
    private func putBackRecordedPWM() {
        guard !pwmHandled, case let .pwmChannel(chip, channel, found)? = record?.output else { return }
        pwmHandled = true
        do {
            let old = try SysfsPWMOutput(chip: chip, channel: channel, takingOver: PWMTakeOver(found: found))
            old.close()
            notes.append("handover: \(chip) channel \(channel), which the last run drove, is not the configured output: put back")
        } catch {
            notes.append("handover: \(chip) channel \(channel), which the last run drove: \(error)")
        }
    }
}

/// A descriptor from the store that is no line torch can drive: closed.
enum GPIORelease {
    static func closeUnknown(_ fd: Int32) {
        _ = FileDescriptor(owning: fd)
    }
}
