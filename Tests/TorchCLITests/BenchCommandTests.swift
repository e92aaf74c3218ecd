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

    @Test func unknownKindIsAUsageError() {
        let r = TorchProcess.run(["bench", "sweeep"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("torch: error: <kind>: 'sweeep' is not valid: expected timing"))
    }
}
