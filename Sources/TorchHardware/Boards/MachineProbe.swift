#if canImport(Glibc)
import Glibc
#endif
import TorchCore

/// Reads the machine's device tree, GPIO chips, PWM controllers and LEDs. Every path
/// is under `root` ("" for the real machine), so tests can point it at a fake tree.
public struct MachineProbe {
    /// Prefix of every path: "" for the real machine, a directory holding `proc/`,
    /// `sys/` and `dev/` for tests.
    public var root: String
    /// The file access used for sysfs (the PWM backend's seam).
    public var fs: any SysfsFileSystem

    public init(root: String = "", fs: any SysfsFileSystem = SystemSysfs()) {
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
        self.fs = fs
    }

    /// Everything at once. `lines` also asks every chip which lines are in use (opens
    /// each chip; a chip that cannot be opened is listed with the reason).
    public func snapshot(lines: Bool = true) -> MachineSnapshot {
        let (compatible, model) = deviceTree()
        return MachineSnapshot(compatible: compatible, model: model, gpioChips: gpioChips(lines: lines),
                               pwmChips: pwmChips(), leds: leds())
    }

    /// `compatible` (NUL-separated) and `model` (NUL-terminated); empty and nil on a
    /// machine without a device tree.
    public func deviceTree() -> (compatible: [String], model: String?) {
        let base = root + "/proc/device-tree"
        let compatible = ((try? AtomicFile.readFile(base + "/compatible")) ?? nil)
            .map { $0.split(separator: "\u{0}").map(String.init).filter { !$0.isEmpty } } ?? []
        let model = ((try? AtomicFile.readFile(base + "/model")) ?? nil).map { text -> String in
            String(text.prefix { $0 != "\u{0}" }).trimmedASCII
        }
        return (compatible, model)
    }

    /// The running kernel's release (`uname -r`, `/proc/sys/kernel/osrelease`); nil when
    /// unreadable or not a plain name (it is used in paths).
    public func kernelRelease() -> String? {
        guard let release = ((try? AtomicFile.readFile(root + "/proc/sys/kernel/osrelease")) ?? nil)?.trimmedASCII,
              !release.isEmpty, !release.contains("/") else { return nil }
        return release
    }

    /// The names under /sys/class/leds, sorted.
    public func leds() -> [String] {
        ((try? fs.listDirectory(root + "/sys/class/leds")) ?? []).sorted()
    }

    /// The PWM controllers under /sys/class/pwm, found by the PWM backend's own scan,
    /// with the channels exported now.
    public func pwmChips() -> [DetectedPWMChip] {
        PWMChip.scan(fs, classDirectory: root + PWMChip.classDirectory).map { chip in
            let exported = ((try? fs.listDirectory(chip.path)) ?? []).compactMap { name -> Int? in
                guard name.hasPrefix("pwm"), let n = Int(name.dropFirst(3)), n >= 0 else { return nil }
                return n
            }.sorted()
            return DetectedPWMChip(name: chip.name, device: chip.device, channelCount: chip.channelCount,
                                   exported: exported)
        }
    }

    /// The GPIO chips under /dev, each with the lines in use when `lines` is set.
    public func gpioChips(lines: Bool = true) -> [GPIOChipReport] {
        GPIOChipEntry.scan(devDirectory: root + "/dev").map { entry in
            guard entry.label != nil else {
                let why = entry.openErrno == EACCES || entry.openErrno == EPERM
                    ? GPIOErrors.permissionDenied(path: entry.path, errno: entry.openErrno).message
                    : GPIOErrors.failed("\(entry.path): cannot open", errno: entry.openErrno).message
                return GPIOChipReport(entry: entry, problem: why)
            }
            guard lines else { return GPIOChipReport(entry: entry) }
            do throws(HardwareError) {
                let chip = try GPIOChip(entry.path, devDirectory: root + "/dev")
                return GPIOChipReport(entry: entry, linesInUse: try chip.lines().filter(\.isUsed))
            } catch {
                return GPIOChipReport(entry: entry, problem: error.message)
            }
        }
    }
}
