import TorchCore

/// Whether the running kernel has the `pwm-gpio` driver (Linux 6.12 and later: a PWM
/// controller that toggles any GPIO line from a kernel hrtimer), so `torch probe` can
/// suggest `dtoverlay=pwm-gpio,gpio=N` for an LED pin without a hardware PWM channel.
///
/// Read from files, in this order, without decompressing anything:
/// 1. `/sys/bus/platform/drivers/pwm-gpio`: the driver is registered (built in, or a
///    module already loaded);
/// 2. `/lib/modules/<release>/modules.builtin` naming `pwm-gpio.ko`: built in;
/// 3. `/lib/modules/<release>/modules.dep` naming `pwm-gpio.ko`: a module the overlay
///    loads on demand.
/// `<release>` is `/proc/sys/kernel/osrelease` (uname -r). `/proc/config.gz` is not
/// read: it exists only with CONFIG_IKCONFIG_PROC and needs gzip.
extension MachineProbe {
    /// Where the driver was found ("/sys/bus/platform/drivers/pwm-gpio", a
    /// modules.builtin or modules.dep path); nil when this kernel has none.
    public func pwmGPIODriver() -> String? { kernelDriver("pwm-gpio") }

    /// Where RP1's PIO PWM driver (`pwm-pio-rp1`, Raspberry Pi 5 kernels) was found, read
    /// the same way; nil when this kernel has none.
    public func pwmPIODriver() -> String? { kernelDriver("pwm-pio-rp1") }

    /// The platform driver `name`: registered, built in, or a module on disk.
    func kernelDriver(_ name: String) -> String? {
        let registered = "/sys/bus/platform/drivers/" + name
        if fs.exists(root + registered) { return registered }
        guard let release = kernelRelease() else { return nil }
        for list in ["modules.builtin", "modules.dep"] {
            let path = "/lib/modules/\(release)/\(list)"
            guard let text = (try? AtomicFile.readFile(root + path)) ?? nil else { continue }
            if Self.names(module: name, in: text) { return path }
        }
        return nil
    }

    /// True when a modules list has a line for `…/<module>.ko` (any compression suffix).
    static func names(module: String, in list: String) -> Bool {
        list.split(separator: "\n").contains { line in
            let path = line.split(separator: ":", maxSplits: 1).first ?? ""
            let file = path.split(separator: "/").last ?? ""
            return file == module + ".ko" || file.hasPrefix(module + ".ko.")
        }
    }
}
