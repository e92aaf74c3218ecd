import Testing

/// `torch boot-line`: the config.txt line on stdout (golden), where to put it on
/// stderr; a board without the Raspberry Pi firmware is a one-line error, exit 1.
@Suite struct BootLineTests {
    private func run(_ config: String) -> TorchProcess {
        let dir = TempDir()
        let conf = dir.write("torch.conf", config)
        return TorchProcess.run(["boot-line", "--config", conf, "--state-file", dir.path + "/state"])
    }

    @Test func pi4LineAndActiveLowPi3Line() {
        let pi4 = run("[board]\nname = rpi4b\n\n[output]\nline = GPIO18\n")
        #expect(pi4.status == 0)
        let pi3 = run("[board]\nname = rpi3b\n\n[output]\nline = 27\nactive-low = yes\n")
        #expect(pi3.status == 0)
        let suggested = run("[board]\nname = rpizero2w\n")
        #expect(suggested.status == 0)
        Golden.check(pi4.stdout + pi3.stdout + suggested.stdout, "boot-line.txt")
        #expect(pi4.stderr == "torch: add it to /boot/firmware/config.txt (/boot/config.txt before bookworm) on Raspberry Pi 4 Model B / Pi 400; it takes effect at the next power-on\n")
    }

    /// The Pi 5's firmware resets RP1 (the header's chip) before Linux: no line that
    /// would light the LED for the first seconds only, but why, and exit 1.
    @Test func aPi5SaysWhyItGetsNoLine() {
        let r = run("[board]\nname = rpi5\n\n[output]\nline = 27\nactive-low = yes\n")
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("torch: boot-line: on Raspberry Pi 5 a config.txt 'gpio=27=op,dl' does not hold until Linux: "))
        #expect(r.stderr.contains("RP1") && r.stderr.hasSuffix("\n") && r.stderr.split(separator: "\n").count == 1)
    }

    @Test func aBoardWithoutTheFirmwareIsAnError() {
        let r = run("[board]\nname = rock-pi-4\n")
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        Golden.check(r.stderr, "boot-line-not-a-pi.txt")
    }
}
