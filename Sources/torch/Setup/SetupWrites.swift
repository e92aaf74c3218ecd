import TorchCore
import TorchHardware

/// What `torch setup` writes, each only after a yes: the PWM overlay into config.txt
/// (with a backup beside it), the keys into torch.conf, and the service's restart.
enum SetupWrites {
    /// Where Raspberry Pi OS keeps config.txt: /boot/firmware since bookworm, /boot before.
    static let bootConfigPlaces = ["/boot/firmware/config.txt", "/boot/config.txt"]

    /// The config.txt of this machine (`--boot-config` first); nil on a machine without one.
    static func bootConfig(_ given: String?) -> String? {
        given ?? bootConfigPlaces.first { Paths.fileExists($0) }
    }

    /// Adds `line` to config.txt at `path` after a yes; says what it did and the reboot.
    static func addOverlay(_ line: String, pin: String, path: String?, answers: SetupAnswers) throws(HardwareError) {
        guard let path else {
            StandardOutput.write("  For hardware PWM on \(pin), a Raspberry Pi needs '\(line)' in its config.txt "
                                 + "(\(bootConfigPlaces.joined(separator: ", or before bookworm "))), then a reboot; "
                                 + "this machine has none, so nothing is written.\n")
            return
        }
        let text = try AtomicFile.readFile(path) ?? ""
        guard let edited = BootConfigEdit.adding(line, to: text) else {
            StandardOutput.write("  \(path) has '\(line)' already: hardware PWM on \(pin) comes with the next boot, "
                                 + "if it has not yet.\n")
            return
        }
        StandardOutput.write("  For hardware PWM on \(pin), \(path) needs:\n      \(line)\n")
        guard answers.confirm("  Add it (the old file is kept as \(path).torch-backup)?", defaultYes: false) else {
            StandardOutput.write("  Not written: torch drives \(pin) by software PWM until it is there.\n")
            return
        }
        try AtomicFile.write(text, to: path + ".torch-backup")
        try AtomicFile.write(edited, to: path)
        StandardOutput.write("  Written. It takes effect at the next boot: reboot when you are ready (sudo reboot); "
                             + "until then torch drives \(pin) by software PWM.\n")
    }

    /// Writes `changes` into the config at `path` (made if missing), after a yes; the
    /// result is read back first, and a file that would not read is not written.
    static func writeConfig(_ changes: [ConfigEdit.Change], to path: String, answers: SetupAnswers) throws(HardwareError) -> Bool {
        let text = try AtomicFile.readFile(path) ?? ""
        let edited = ConfigEdit.applying(changes, to: text)
        do { _ = try TorchConfig.parse(edited, file: path, frontEnds: FrontEndKinds.sections) } catch {
            StandardError.write("torch: setup: \(path) would not read after the change; nothing written:\n"
                                + error.lines.map { "  \($0)\n" }.joined())
            return false
        }
        StandardOutput.write("  \(path):\n" + changes.map { "      [\($0.section)] \($0.key) = \($0.value)\n" }.joined())
        guard answers.confirm("  Write \(changes.count == 1 ? "it" : "them") (only these keys change)?", defaultYes: true) else {
            StandardOutput.write("  Not written.\n")
            return false
        }
        try AtomicFile.write(edited, to: path)
        StandardOutput.write("  Written.\n")
        return true
    }

    /// True when systemd runs torch.service now.
    static var serviceIsActive: Bool {
        ChildProcess.run(["systemctl", "is-active", "--quiet", "torch.service"], quiet: true) == 0
    }

    /// `systemctl VERB torch.service`; says so on failure.
    @discardableResult
    static func service(_ verb: String) -> Bool {
        let ok = ChildProcess.run(["systemctl", verb, "torch.service"]) == 0
        if !ok { StandardError.write("torch: setup: systemctl \(verb) torch.service failed\n") }
        return ok
    }
}
