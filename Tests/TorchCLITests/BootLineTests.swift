import Testing

/// `torch boot-line`: the config.txt line on stdout (golden), where to put it on
/// stderr; a board without the Raspberry Pi firmware is a one-line error, exit 1.
@Suite struct BootLineTests {
    private func run(_ config: String) -> TorchProcess {
        let dir = TempDir()
        let conf = dir.write("torch.conf", config)
        return TorchProcess.run(["boot-line", "--config", conf, "--state-file", dir.path + "/state"])
    }

    @Test func pi4LineAndActiveLowPi5Line() {
        let pi4 = run("[board]\nname = rpi4b\n\n[output]\nline = GPIO18\n")
        #expect(pi4.status == 0)
        let pi5 = run("[board]\nname = rpi5\n\n[output]\nline = 27\nactive-low = yes\n")
        #expect(pi5.status == 0)
        let suggested = run("[board]\nname = rpizero2w\n")
        #expect(suggested.status == 0)
        Golden.check(pi4.stdout + pi5.stdout + suggested.stdout, "boot-line.txt")
        #expect(pi4.stderr == "torch: add it to /boot/firmware/config.txt (/boot/config.txt before bookworm) on Raspberry Pi 4 Model B / Pi 400; it takes effect at the next power-on\n")
    }

    @Test func aBoardWithoutTheFirmwareIsAnError() {
        let r = run("[board]\nname = rock-pi-4\n")
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        Golden.check(r.stderr, "boot-line-not-a-pi.txt")
    }
}
