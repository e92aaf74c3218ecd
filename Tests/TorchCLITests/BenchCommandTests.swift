import Testing

/// `torch bench timing --json` runs the scheduler and reports figures; the values are
/// not asserted (timing is a benchmark, not a test), only that each figure is there.
@Suite struct BenchCommandTests {
    @Test func timingJSONHasEveryFigure() {
        let dir = TempDir()
        let r = TorchProcess.run(["bench", "timing", "--backend", "sim", "--duration", "300ms", "--json",
                                  "--svg", dir.path + "/plot.svg", "--state-file", dir.path + "/state"])
        #expect(r.status == 0, "\(r.stderr)")
        for key in ["lateness_p50_ns", "lateness_p99_ns", "lateness_p999_ns", "lateness_max_ns", "drift_ns",
                    "cpu_percent", "wakeups_per_second", "changes", "budget_rests"] {
            #expect(r.stdout.contains("\"\(key)\":"), "missing \(key) in \(r.stdout)")
        }
        #expect(readText(dir.path + "/plot.svg")?.hasPrefix("<svg") == true)
    }

    @Test func softPWMJSONHasEveryFigure() {
        let dir = TempDir()
        let r = TorchProcess.run(["bench", "pwm", "--backend", "sim", "--frequencies", "1kHz", "--level", "50%",
                                  "--duration", "300ms", "--json", "--state-file", dir.path + "/state"])
        #expect(r.status == 0, "\(r.stderr)")
        for key in ["frequency_hz", "duty_error_p99_points", "mean_duty", "cpu_percent", "wakeups_per_second",
                    "budget_rests"] {
            #expect(r.stdout.contains("\"\(key)\":"), "missing \(key) in \(r.stdout)")
        }
    }

    /// Recording a real button's bounce on the simulated LED says why it cannot, and what
    /// bench button does there instead.
    @Test func recordingABounceOnTheSimulatedLEDSaysWhy() {
        let dir = TempDir()
        let r = TorchProcess.run(["bench", "button", "--button-line", "GPIO23", "--backend", "sim",
                                  "--state-file", dir.path + "/state"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("torch: bench button: --button-line GPIO23: recording a button's bounce needs its GPIO line"),
                "\(r.stderr)")
        #expect(r.stderr.contains("injects presses on the simulated LED"))
        #expect(!r.stderr.contains("not found"), "no chip was looked for: \(r.stderr)")
    }

    /// Written to a file, not a terminal: the progress lines and their control codes are left out.
    @Test func noTerminalControlCodesWhenTheOutputIsAFile() {
        let dir = TempDir()
        for args in [["sweep", "--duration", "10ms"], ["pwm", "--frequencies", "1kHz", "--level", "50%", "--duration", "100ms"],
                     ["button", "--presses", "5"]] {
            let r = TorchProcess.run(["bench"] + args + ["--backend", "sim", "--state-file", dir.path + "/state"])
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(!(r.stdout + r.stderr).contains("\u{1B}"), "\(args): \(r.stdout)\(r.stderr)")
            #expect(!r.stderr.contains("\r"), "\(args): \(r.stderr)")
        }
    }

    @Test func unknownKindIsAUsageError() {
        let r = TorchProcess.run(["bench", "sweeep"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("torch: error: <kind>: 'sweeep' is not valid: expected timing"))
    }
}

/// `torch bench flicker` on the simulated LED: software PWM measured from its own trace,
/// placed in IEEE 1789's regions either side of 1.25 kHz.
@Suite struct BenchFlickerTests {
    @Test func theSimulatedLEDsTraceIsPlacedInTheRegions() {
        let dir = TempDir()
        let r = TorchProcess.run(["bench", "flicker", "--backend", "sim", "--frequencies", "200Hz,5kHz", "--level", "25%",
                                  "--duration", "300ms", "--json", "--state-file", dir.path + "/state"])
        #expect(r.status == 0, "\(r.stderr)")
        // On/off: 100 % modulation; 200 Hz is above low risk (limit 16 %), 5 kHz has no limit.
        #expect(r.stdout.contains("\"output\":\"software-pwm\",\"frequency_hz\":200,"), "\(r.stdout)")
        #expect(r.stdout.contains("\"modulation_percent\":100.00"), "\(r.stdout)")
        let rows = r.stdout.split(separator: "}").filter { $0.contains("\"output\"") }
        #expect(rows.count == 2)
        #expect(rows.first?.contains("\"region\":\"above-low-risk\",\"low_risk_limit_percent\":") == true, "\(r.stdout)")
        #expect(rows.last?.contains("\"low_risk_limit_percent\":null,\"no_observable_effect_limit_percent\":null") == true, "\(r.stdout)")
    }

    @Test func theTableHasTheRegionPerFrequency() {
        let dir = TempDir()
        let r = TorchProcess.run(["bench", "flicker", "--backend", "sim", "--frequencies", "100Hz", "--duration", "300ms",
                                  "--state-file", dir.path + "/state"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("output        frequency  measured     duty     Mod%     index  low risk   no effect   IEEE 1789\n"), "\(r.stdout)")
        #expect(r.stdout.contains("software-pwm  100Hz      "), "\(r.stdout)")
        #expect(r.stdout.contains("above low risk"), "\(r.stdout)")
    }
}

/// Every output plays the cie curve through this LED's calibration (the file beside the
/// state file): the sweep's duties follow it; `linear` stays the raw duty.
@Suite struct CalibratedSweepTests {
    @Test func theSweepUsesTheCalibration() {
        let dir = TempDir()
        let args = ["bench", "sweep", "--compare", "--backend", "sim", "--steps", "3", "--duration", "10ms",
                    "--state-file", dir.path + "/state"]
        let plain = TorchProcess.run(args)
        #expect(plain.status == 0, "\(plain.stderr)")
        // An LED whose light at half duty is a quarter of full: the cie level 50.5 %
        // (luminance 0.188) needs 37.7 % duty instead of 18.8 %.
        _ = dir.write("calibration", "version=1\nsensor=test\nunit=lx\ndark=0\nnoise=0\npoint=0.5 100\npoint=1 400\n")
        let calibrated = TorchProcess.run(args)
        #expect(calibrated.status == 0, "\(calibrated.stderr)")
        func row(_ text: String, _ level: String) -> [Substring] {
            text.split(separator: "\n").first { $0.hasPrefix(level) }?.split(separator: " ") ?? []
        }
        #expect(row(plain.stdout, "50.5%") == ["50.5%", "18.8%", "50.5%"], "\(plain.stdout)")
        #expect(row(calibrated.stdout, "50.5%") == ["50.5%", "37.7%", "50.5%"], "\(calibrated.stdout)")
        #expect(row(calibrated.stdout, "100%") == ["100%", "100%", "100%"], "\(calibrated.stdout)")
    }
}
