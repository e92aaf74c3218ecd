#if canImport(Glibc)
import Glibc
#endif

/// The board's own LEDs (`/sys/class/leds/<name>/`, named by the board profile), darkened
/// for stealth and put back afterwards.
///
/// Going dark writes `none` to `trigger` (the kernel then stops driving the LED from
/// disk or heartbeat activity and sets it off) and `0` to `brightness`. Restoring writes
/// the saved trigger back, and the saved brightness only when that trigger was `none`:
/// any other trigger sets the brightness itself.
public final class StatusLEDs {
    /// Where the kernel lists LEDs.
    public static let classDirectory = "/sys/class/leds"

    /// The LED names asked for, in order (those missing are skipped with a warning).
    public let names: [String]
    /// The LED class directory (a test tree in tests).
    public let classDirectory: String
    private let fileSystem: any SysfsFileSystem
    /// What each darkened LED was, in the order they went dark: what `restore` writes.
    public private(set) var saved: [SavedLED] = []
    /// True between a complete `goDark` and the next `restore`.
    public private(set) var isDark = false

    public init(names: [String], classDirectory: String = StatusLEDs.classDirectory,
                fileSystem: any SysfsFileSystem = SystemSysfs()) {
        self.names = names
        self.classDirectory = classDirectory
        self.fileSystem = fileSystem
    }

    /// Saves each LED's trigger and brightness, then writes `none` and `0` to it. With
    /// `savingTo`, the saved states are written to that file (atomically) after reading and
    /// before the first write, so a crash in stealth can be undone by `restoreSaved`.
    /// Returns one warning line per LED that does not exist. Already dark: does nothing.
    /// A failure leaves the LEDs darkened so far in `saved`, so `restore` still puts them
    /// back and a second `goDark` continues with the rest.
    @discardableResult
    public func goDark(savingTo path: String? = nil) throws(HardwareError) -> [String] {
        if isDark { return [] }
        var warnings: [String] = []
        var fresh: [SavedLED] = []
        for name in names where !saved.contains(where: { $0.name == name }) {
            guard SavedLEDFile.isSafeName(name), fileSystem.exists(directory(name)) else {
                warnings.append(StatusLEDErrors.missingWarning(name, classDirectory: classDirectory))
                continue
            }
            let (led, warning) = try read(name)
            if let warning { warnings.append(warning) }
            fresh.append(led)
        }
        if let path { try AtomicFile.write(SavedLEDFile.encode(saved + fresh), to: path, refusingLinks: true) }
        for led in fresh {
            try write(led.name, "trigger", LEDTrigger.none)
            // Recorded as soon as it changed: restore must undo a half-finished stealth.
            saved.append(led)
            try write(led.name, "brightness", "0")
        }
        isDark = true
        return warnings
    }

    /// Writes back each saved trigger, then the saved brightness when the trigger was
    /// `none`. Tries every LED; throws the first failure (the failed LEDs stay in `saved`
    /// for another try). Not dark: does nothing.
    public func restore() throws(HardwareError) {
        var firstError: HardwareError?
        var failed: [SavedLED] = []
        for led in saved {
            do throws(HardwareError) {
                try write(led.name, "trigger", led.trigger)
                if led.trigger == LEDTrigger.none { try write(led.name, "brightness", String(led.brightness)) }
            } catch {
                if firstError == nil { firstError = error }
                failed.append(led)
            }
        }
        saved = failed
        isDark = false
        if let firstError { throw firstError }
    }

    /// Writes the saved states to `path` atomically; with nothing saved (not dark) removes
    /// the file instead, so a stale one cannot restore old states at a later start.
    public func save(to path: String) throws(HardwareError) {
        if saved.isEmpty {
            try Self.removeFile(path)
        } else {
            try AtomicFile.write(SavedLEDFile.encode(saved), to: path, refusingLinks: true)
        }
    }

    /// Puts back the LEDs listed in the save file a previous run left at `path` (it died in
    /// stealth), then removes the file. No file: nothing to do. Returns one warning line
    /// per listed LED that no longer exists.
    @discardableResult
    public func restoreSaved(from path: String) throws(HardwareError) -> [String] {
        guard let text = try AtomicFile.readFile(path, refusingLinks: true) else { return [] }
        var warnings: [String] = []
        for led in try SavedLEDFile.decode(text, path: path) where !saved.contains(where: { $0.name == led.name }) {
            guard fileSystem.exists(directory(led.name)) else {
                warnings.append(StatusLEDErrors.missingWarning(led.name, classDirectory: classDirectory))
                continue
            }
            saved.append(led)
        }
        try restore()
        try Self.removeFile(path)
        return warnings
    }

    /// Takes over the LEDs the service's last process left dark in stealth (a restart):
    /// the save file's states are kept to put back at the stop, and nothing is written,
    /// so the LEDs stay dark. No file: nothing to take over.
    public func takeOverSaved(from path: String) throws(HardwareError) {
        guard let text = try AtomicFile.readFile(path) else { return }
        for led in try SavedLEDFile.decode(text, path: path) where !saved.contains(where: { $0.name == led.name }) {
            saved.append(led)
        }
        isDark = !saved.isEmpty
    }

    // MARK: - Files

    private func directory(_ name: String) -> String { "\(classDirectory)/\(name)" }

    /// The LED's current trigger and brightness, with a warning when the trigger file
    /// brackets nothing (then only the brightness is restored).
    private func read(_ name: String) throws(HardwareError) -> (SavedLED, String?) {
        let triggerFile = "\(directory(name))/trigger"
        let brightnessFile = "\(directory(name))/brightness"
        let triggers: String
        let level: String
        do throws(SysfsErrno) {
            triggers = try fileSystem.readSmallFile(triggerFile)
        } catch {
            throw StatusLEDErrors.failed(file: triggerFile, writing: nil, errno: error.code)
        }
        do throws(SysfsErrno) {
            level = try fileSystem.readSmallFile(brightnessFile)
        } catch {
            throw StatusLEDErrors.failed(file: brightnessFile, writing: nil, errno: error.code)
        }
        let text = SavedLEDFile.trimmed(Substring(level.split(separator: "\n").first ?? ""))
        guard let brightness = Int(text), brightness >= 0 else {
            throw StatusLEDErrors.unreadable(file: brightnessFile, contents: text)
        }
        let trigger = LEDTrigger.current(in: triggers)
        return (SavedLED(name: name, trigger: trigger ?? LEDTrigger.none, brightness: brightness),
                trigger == nil ? StatusLEDErrors.unbracketedWarning(name) : nil)
    }

    private func write(_ name: String, _ attribute: String, _ value: String) throws(HardwareError) {
        let file = "\(directory(name))/\(attribute)"
        let rc = fileSystem.write(file, value)
        if rc != 0 { throw StatusLEDErrors.failed(file: file, writing: value, errno: rc) }
    }

    /// Removes `path`; a file that is already gone is fine.
    static func removeFile(_ path: String) throws(HardwareError) {
        if unlink(path) != 0, errno != ENOENT {
            let code = errno
            throw HardwareError("\(path): cannot remove: \(errnoText(code))", errno: code)
        }
    }
}
