import Testing
import TorchCore
@testable import TorchEngine

/// Bench number formatting (µs with one decimal, fixed decimals, JSON strings) and the
/// report's text and JSON renderings.
@Suite struct BenchFormatTests {
    @Test func microsecondsHaveOneDecimalRoundedHalfAway() {
        #expect(DecimalSyntax.microseconds(Int64(0)) == "0.0")
        #expect(DecimalSyntax.microseconds(Int64(12_345)) == "12.3")
        #expect(DecimalSyntax.microseconds(Int64(12_350)) == "12.4")
        #expect(DecimalSyntax.microseconds(Int64(999_960)) == "1000.0")
        #expect(DecimalSyntax.microseconds(Int64(-1_250)) == "-1.3")
        #expect(DecimalSyntax.microseconds(Int64(-40)) == "0.0")
        #expect(DecimalSyntax.microseconds(50_500.0) == "50.5")
    }

    @Test func fixedDecimals() {
        #expect(DecimalSyntax.fixed(1.5, decimals: 2) == "1.50")
        #expect(DecimalSyntax.fixed(0.004, decimals: 2) == "0.00")
        #expect(DecimalSyntax.fixed(-0.25, decimals: 1) == "-0.3")
        #expect(DecimalSyntax.fixed(200, decimals: 0) == "200")
        #expect(DecimalSyntax.fixed(0.05, decimals: 3) == "0.050")
        #expect(DecimalSyntax.fixed(.nan, decimals: 1) == "nan")
        #expect(JSONValue.decimal(.infinity, fractionDigits: 1).jsonText == "null")
        #expect(JSONValue.decimal(200.04, fractionDigits: 1).jsonText == "200.0")
    }

    @Test func jsonStringsAreEscaped() {
        #expect(JSONText.string("plain") == "\"plain\"")
        #expect(JSONText.string("a\"b\\c\nd\u{1}") == "\"a\\\"b\\\\c\\nd\\u0001\"")
        #expect(JSONText.string("µs") == "\"µs\"")
    }

    private func benchSampleReport() -> BenchReport {
        BenchReport(label: "100 Hz blink", backend: "simulated LED (dimmable)", realtime: "SCHED_FIFO priority 50",
                    statistics: LatenessStatistics(count: 2000, p50: 12_345, p99: 45_600, p999: 60_050, max: 80_200,
                                                   mean: 14_020, drift: 300),
                    cpuPercent: 1.234, wakeupsPerSecond: 200.04, duration: .seconds(10))
    }

    @Test func textReport() {
        #expect(benchSampleReport().text == """
        100 Hz blink on simulated LED (dimmable) for 10.0 s
        scheduler  SCHED_FIFO priority 50
        changes    2000
        lateness   p50 12.3 µs  p99 45.6 µs  p99.9 60.1 µs  max 80.2 µs  mean 14.0 µs
        drift      0.3 µs
        cpu        1.23 % of one core
        wake-ups   200.0 /s

        """)
    }

    @Test func textReportWarnsAboutDroppedStamps() {
        var r = benchSampleReport()
        r.droppedStamps = 7
        r.failedWrites = 2
        r.budgetRests = 3
        #expect(r.text.contains("warning    7 stamps dropped"))
        #expect(r.text.contains("warning    2 output writes failed"))
        #expect(r.text.contains("warning    3 CPU-budget rests: the machine could not keep up"))
        #expect(r.json.hasSuffix("\"failed_writes\":2,\"budget_rests\":3}"))
    }

    @Test func jsonReport() {
        #expect(benchSampleReport().json == """
        {"label":"100 Hz blink","backend":"simulated LED (dimmable)","realtime":"SCHED_FIFO priority 50",\
        "duration_ns":10000000000,"changes":2000,"lateness_p50_ns":12345,"lateness_p99_ns":45600,\
        "lateness_p999_ns":60050,"lateness_max_ns":80200,"lateness_mean_ns":14020.0,"drift_ns":300,\
        "cpu_percent":1.234,"wakeups_per_second":200.0,"dropped_stamps":0,"failed_writes":0,\
        "budget_rests":0}
        """)
    }

    @Test func jsonEscapesLabels() {
        var r = benchSampleReport()
        r.label = "say \"hi\""
        #expect(r.json.hasPrefix("{\"label\":\"say \\\"hi\\\"\","))
    }
}
