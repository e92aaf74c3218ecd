import Testing

/// Usage errors: one line naming the bad token, the usage line, a pointer to help, on
/// stderr, exit 64 — as golden files.
@Suite struct UsageErrorTests {
    @Test(arguments: [
        (["blnk"], "usage-unknown-subcommand.txt"),
        (["blink", "--sped", "0.3"], "usage-unknown-option.txt"),
        (["blink", "--speed", "1.5"], "usage-bad-speed.txt"),
        (["blink", "--on", "100ms"], "usage-on-without-off.txt"),
        (["blink", "--speed", "0.5", "--rate", "10Hz"], "usage-blink-conflict.txt"),
        (["on", "0%"], "usage-on-zero.txt"),
        (["on", "150%"], "usage-on-too-bright.txt"),
        (["on", "40"], "usage-on-bare-number.txt"),
        (["sos", "--unit", "3q"], "usage-bad-duration.txt"),
        (["sos", "--unit", "100ms", "--wpm", "20"], "usage-unit-and-wpm.txt"),
        (["morse"], "usage-missing-text.txt"),
        (["morse", "HELLO", "ñ"], "usage-morse-unsupported.txt"),
        (["strobe", "ludicrous"], "usage-bad-strobe.txt"),
        (["pattern", "100%", "200ms", "0", "30q"], "usage-pattern-token.txt"),
        (["pattern", "100%", "200ms", "x0"], "usage-pattern-repeat.txt"),
        (["on", "--for", "0"], "usage-for-zero.txt"),
        (["on", "--backend", "gpu"], "usage-bad-backend.txt"),
        (["--speed"], "usage-option-first.txt"),
        (["off", "extra"], "usage-unexpected-argument.txt"),
        (["breathe", "--min", "60%", "--max", "40%"], "usage-breathe-range.txt"),
    ])
    func usage(args: [String], golden: String) {
        let r = TorchProcess.run(args)
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("torch: error: "))
        Golden.check(r.stderr, golden)
    }
}
