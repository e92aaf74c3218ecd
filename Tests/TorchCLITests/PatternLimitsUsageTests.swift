import Testing

/// Issue 15, findings 1, 2 and 5 on the command line: patterns outside the limits are
/// usage errors (exit 64, one line naming the option, the value and what is allowed),
/// never a trap or a spinning light. `--for 1s --backend sim` bounds a run that would
/// (wrongly) start.
@Suite struct PatternLimitsUsageTests {
    @Test(arguments: [
        (["blink", "--rate", "0.0000000001Hz"],
         "torch: error: --rate: '0.0000000001Hz' is not valid: expected a blink frequency from 0.001Hz to 10kHz"),
        (["blink", "--rate", "99999999999999999999999Hz"],
         "torch: error: --rate: '99999999999999999999999Hz' is not valid: expected a blink frequency from 0.001Hz to 10kHz"),
        (["morse", "N", "--unit", "3074457346s"],
         "torch: error: --unit: '3074457346s' is not valid: expected a Morse unit from 1ms to 1min"),
        (["blink", "--on", "1us", "--off", "1us"],
         "torch: error: --on: '1us' is not valid: expected an on time from 50us to 24h"),
        (["breathe", "--period", "1ns"],
         "torch: error: --period: '1ns' is not valid: expected a breathe period from 20ms to 48h"),
        (["pattern", "100%", "1ns", "0", "1ns"],
         "torch: error: <spec>: token 2 '1ns': expected a step of 0 or from 50us to 24h (a 10kHz square wave at most)"),
    ])
    func refused(args: [String], firstLine: String) {
        let r = TorchProcess.run(args + ["--for", "1s", "--backend", "sim"])
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(r.stderr.split(separator: "\n").first.map(String.init) == firstLine)
    }
}
